// Package validators is the Go emitter: it renders each input package's typed validators
// (Validate_T, transition-rule functions, typed equality for ratcheting, RegisterValidations)
// from the checked model, calling genruntime at run time and nativecel for the native fast path
// of CEL rules. It assumes a model that passed the check stage.
package validators

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/generators/output/goheader"
	"github.com/validation-gen/validation-gen/model"
)

const (
	pkgContext   = "context"
	pkgOperation = "k8s.io/apimachinery/pkg/api/operation"
	pkgField     = "k8s.io/apimachinery/pkg/util/validation/field"
	pkgRuntime   = "k8s.io/apimachinery/pkg/runtime"
	pkgGenRT     = "github.com/validation-gen/validation-gen/genruntime"       // the light core, always
	pkgCELRT     = "github.com/validation-gen/validation-gen/genruntime/celrt" // only where CEL rules run in cel-go
	pkgCELNative = "github.com/validation-gen/validation-gen/genruntime/celnative"
	pkgUTF8      = "unicode/utf8"
	pkgBase64    = "encoding/base64"
	pkgMath      = "math"
	pkgValidate  = "k8s.io/apimachinery/pkg/api/validate"
	pkgSets      = "k8s.io/apimachinery/pkg/util/sets"
)

// MinAPIMachinery is the oldest k8s.io/apimachinery that the generated validators and the runtime
// they call (genruntime, genruntime/celnative) build with. They use api/operation, api/validate
// and util/validation/field as they are from this version on: field.Error's ShortCircuit,
// api/validate/content's IsPrefixedLabelKey, operation.Operation's Options map, validate.IfOption's
// signature. test/dropin's TestRuntimeMinimum builds them at this version, and checks that the minor
// before does not; the generator refuses to write validators into a module that builds with an older
// one (checkRuntimeVersion in package generators).
const MinAPIMachinery = "v0.37.0"

// GoFile renders the typed validators of one package: Validate_T for every type that
// carries validation (directly or through a field), their equality helpers for ratcheting, and
// RegisterValidations for the package's root kinds. It returns nil when nothing in the package
// carries validation.
//
// The generated code reports errors relative to the value it validates and re-roots them on the
// way up (genruntime.Prefix*), so a valid object costs no field-path allocations. Every check
// sits behind a ratcheting test: on update, a value equal to its correlated old value skips its
// checks, except transition rules (+immutable, CEL rules using oldSelf).
func GoFile(p *model.Package, u *model.Universe, opts model.Options, header []byte) ([]byte, error) {
	out, _, err := GoFileReport(p, u, opts, header)
	return out, err
}

// GoFileReport is GoFile, with a line for each CEL rule of the package saying whether it runs in
// Go or why it runs in cel-go (sorted by position, one line per rule and reason).
func GoFileReport(p *model.Package, u *model.Universe, opts model.Options, header []byte) ([]byte, []CELReportLine, error) {
	src, report, diags, err := GoFileInto(p, p, u, opts, header)
	if err == nil && diags.HasErrors() {
		err = errors.New(strings.TrimSpace(diags.Error("")))
	}
	return src, report, err
}

// GoFileInto is GoFileReport for the types of package p, written into package out: an output
// package that names p in +k8s:validation-gen-input (out == p writes into the types package).
// Validate_T then takes *p.T, and out's package tags decide RegisterValidations. The diagnostics
// are out's SchemeRegistryProblems when the file registers a type (it would not compile), or
// warnings with the file: a registered type that lacks a method the scheme asks for (registrable).
func GoFileInto(p, out *model.Package, u *model.Universe, opts model.Options, header []byte) ([]byte, []CELReportLine, model.Diagnostics, error) {
	d := &decls{pkg: p, out: out, memo: map[string]string{}, names: map[string]int{}, lazy: map[string]lazyDecl{}}
	for name := range out.Declared {
		d.names[name] = 1 // helpers get other names (unique)
	}
	g := &validatorGen{decls: d, eq: equalities{d}, opts: opts, f: jen.NewFilePathName(out.Path, out.Name),
		corrMemo: map[string]bool{}}
	g.carries = newReach(g.localCarry)
	g.transitions = newReach(func(d *model.Definition) (bool, []*model.Definition) {
		var refs []*model.Definition
		return g.nodeTransitionLocal(d.Node, true, &refs), refs
	})
	var defs []*model.Definition
	for _, d := range p.Definitions {
		if !d.Special && g.carry(d) {
			defs = append(defs, d)
		}
	}
	for _, d := range p.ValueTypes {
		if g.carry(d) {
			defs = append(defs, d)
		}
	}
	if len(defs) == 0 {
		return nil, nil, nil, nil
	}
	sort.SliceStable(defs, func(i, j int) bool { return defs[i].GoName < defs[j].GoName })
	g.f.HeaderComment(output.GeneratedComment)
	if g.registerFunc(defs) && len(out.SchemeRegistryProblems) > 0 {
		return nil, nil, out.SchemeRegistryProblems, nil
	}
	for _, d := range defs {
		if isValueType(d) {
			g.valueTypeFunc(d)
			continue
		}
		g.validateFunc(d)
		if g.transition(d) {
			g.transitionsFunc(d)
		}
	}
	for i := 0; i < len(g.foreign); i++ { // validators of other packages' types, as reached
		d := g.foreign[i]
		g.validateFunc(d)
		if g.transition(d) {
			g.transitionsFunc(d)
		}
	}
	for i := 0; i < len(g.pending); i++ { // equality helpers can ask for more helpers
		g.pending[i]()
	}
	if diags := g.nameClashes(defs); len(diags) > 0 {
		return nil, nil, diags, nil
	}
	for _, v := range g.vars {
		if s, ok := v.(*jen.Statement); ok && len(*s) == 0 {
			continue // an unused lazy declaration
		}
		g.f.Add(v)
	}
	if diags := unexportedTypes(g.unexported, u, out); len(diags) > 0 {
		return nil, nil, diags, nil
	}
	var buf bytes.Buffer
	if err := g.f.Render(&buf); err != nil {
		return nil, nil, nil, fmt.Errorf("rendering validators for %s into %s: %w", p.Path, out.Path, err)
	}
	src, err := dropRepeatedOperands(buf.Bytes())
	if err != nil {
		return nil, nil, nil, fmt.Errorf("validators for %s into %s: %w", p.Path, out.Path, err)
	}
	return goheader.WithHeader(header, src), sortReport(g.celReport), g.warnings.Sorted(), nil
}

// nameClashes reports, at their declarations, the names the output package declares that the
// file's fixed names (Validate_T, transitions_T, RegisterValidations) would declare again: such a
// file would not compile (type Validate_Code next to a type Code that carries validation).
func (g *validatorGen) nameClashes(defs []*model.Definition) model.Diagnostics {
	var diags model.Diagnostics
	clash := func(name, what string) {
		if pos, ok := g.out.Declared[name]; ok {
			diags.Add(pos, "", "%s is the name of the generated %s; rename this declaration", name, what)
		}
	}
	if g.registers {
		clash("RegisterValidations", "registration function")
	}
	for _, d := range defs {
		clash(g.funcName(d), "validator of "+d.GoName)
		if !isValueType(d) && g.transition(d) {
			clash(g.transitionsName(d), "transition rules of "+d.GoName)
		}
	}
	return diags.Sorted()
}

// unexportedTypes reports, at their declarations, the unexported types of other packages that
// out's validators would have to name: such a file would not compile.
func unexportedTypes(names map[string]bool, u *model.Universe, out *model.Package) model.Diagnostics {
	var diags model.Diagnostics
	for _, d := range u.Definitions {
		if names[d.GoPackage+"."+d.GoName] {
			delete(names, d.GoPackage+"."+d.GoName)
			diags.Add(d.Pos, "", "type %s carries validation and is unexported, so the validators written into %s cannot name it: export it",
				d.GoName, out.Path)
		}
	}
	rest := make([]string, 0, len(names))
	for name := range names {
		rest = append(rest, name)
	}
	sort.Strings(rest)
	for _, name := range rest { // not a definition (a named slice or map type): the output package's directory
		diags.Add(token.Position{Filename: out.Dir}, "", "type %s carries validation and is unexported, so the validators written into %s cannot name it: export it", name, out.Path)
	}
	return diags.Sorted()
}

// validatorGen writes the validators of one package: which definitions carry validation, and
// for each its Validate_ and transitions_ functions, one block per field, one check per tag.
type validatorGen struct {
	*decls
	eq          equalities
	opts        model.Options
	f           *jen.File
	carries     *reach              // definitions that carry validation
	transitions *reach              // definitions that hold a transition rule
	foreign     []*model.Definition // other packages' types whose validators this file declares
	// registers is set when the file declares RegisterValidations.
	registers bool
	// warnings are the file's warnings: registered types the scheme does not take (registrable).
	warnings model.Diagnostics
	// listName is the JSON name of the field whose checks are being written, which names the
	// items +k8s:item selects as members of a union.
	listName string
	// corrMemo memoizes holdsListMap.
	corrMemo map[string]bool
}

// validated reports whether d has a generated Validate_ function in this package.
// Types of other packages that carry validation (metav1.Condition's required fields, say) get
// unexported validators in this file, so what the API reaches is validated wherever it is declared.
func (g *validatorGen) validated(d *model.Definition) bool {
	return validatable(d) && g.carry(d)
}

// validatable reports whether a definition may have a validator: not a special type (Time,
// Quantity), not object or list metadata.
func validatable(d *model.Definition) bool {
	return !d.Special && !(d.IsObjectMeta() && !d.Package.UpstreamSemantics()) && !isListMeta(d)
}

// specialView is a value of a special type (its schema its own: a text marshaller, metav1.Duration)
// with the limits of the type's declaration too: such a type has no validator of its own, so its
// places check them.
func specialView(n *model.Node) *model.Node {
	if n.Ref == nil || !n.Ref.Special || n.V.Opaque != nil {
		return n
	}
	d := &n.Ref.Node.V
	if len(d.MinLength)+len(d.MaxLength) == 0 && d.Pattern == nil {
		return n
	}
	c := *n
	c.V.MinLength = append(append([]model.Int(nil), n.V.MinLength...), d.MinLength...)
	c.V.MaxLength = append(append([]model.Int(nil), n.V.MaxLength...), d.MaxLength...)
	if c.V.Pattern == nil {
		c.V.Pattern = d.Pattern
	}
	return &c
}

// isListMeta reports metav1.ListMeta: list metadata is written by the API server and never
// validated (only the items of a list are), so it gets no validator.
func isListMeta(d *model.Definition) bool {
	return d.GoPackage == model.MetaV1Path && d.GoName == "ListMeta"
}

// funcName is the name of a definition's validator: Validate_T for the package's own types,
// validate_<pkg>_T for types of other packages (declared on first use, emitted later).
func (g *validatorGen) funcName(d *model.Definition) string {
	if d.Package == g.pkg {
		return "Validate_" + d.GoName
	}
	key := "func:" + d.GoPackage + "." + d.GoName
	if name, ok := g.memo[key]; ok {
		return name
	}
	name := g.unique("validate_" + d.Package.Name + "_" + d.GoName)
	g.memo[key] = name
	g.foreign = append(g.foreign, d)
	return name
}

// transitionsName is the name of a definition's transition-rules function.
func (g *validatorGen) transitionsName(d *model.Definition) string {
	return "transitions_" + strings.TrimPrefix(strings.TrimPrefix(g.funcName(d), "Validate_"), "validate_")
}

// prefixRoot is the runtime function that re-roots a Validate_ function's errors under its
// fldPath: in a package written for Kubernetes' validation-gen, as its generated code reports
// them (an error at a nil path is at "<nil>"); elsewhere relative to a nil path ("").
func (g *validatorGen) prefixRoot() string {
	if g.pkg.UpstreamSemantics() {
		return "PrefixRoot"
	}
	return "PrefixPath"
}

// validateFunc writes Validate_T.
func (g *validatorGen) validateFunc(d *model.Definition) {
	name, typ := g.funcName(d), g.goType(d.Node.GoType)
	var body []jen.Code
	body = append(body, jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil())))
	body = append(body, jen.If(jen.Id("op").Dot("Type").Op("!=").Qual(pkgOperation, "Update")).Block(
		jen.Id("oldObj").Op("=").Nil()).Comment("only updates have an old object: transition rules run on update only"))
	body = append(body, jen.Id("ratchet").Op(":=").Id("oldObj").Op("!=").Nil().Op("&&").Qual(pkgGenRT, "Ratcheting").Call(jen.Id("op")))
	unchanged := jen.Return(jen.Nil())
	if g.transition(d) {
		unchanged = jen.Return(jen.Qual(pkgGenRT, g.prefixRoot()).Call(
			jen.Id(g.transitionsName(d)).Call(jen.Id("ctx"), jen.Id("op"), jen.Id("obj"), jen.Id("oldObj")), jen.Id("fldPath")))
	}
	var custom []jen.Code
	for _, c := range d.Node.V.Calls {
		if c.Custom {
			// +k8s:customValidation on the type: upstream calls it at the type, unratcheted, with the
			// type's own path.
			custom = append(custom, jen.Id("custom").Op("=").Append(jen.Id("custom"), marked(gatedExpr(c.Origin,
				g.customFunc(c).Call(jen.Id("ctx"), jen.Id("op"), g.ownPath(d), jen.Id("obj"), jen.Id("oldObj"))), c.Origin).Op("...")))
		}
	}
	custom = append(custom, g.scaleChecks(d)...)
	if len(custom) > 0 {
		body = append(body, jen.Var().Id("custom").Qual(pkgField, "ErrorList"))
		body = append(body, custom...)
		if g.transition(d) {
			unchanged = jen.Return(jen.Append(jen.Qual(pkgGenRT, g.prefixRoot()).Call(
				jen.Id(g.transitionsName(d)).Call(jen.Id("ctx"), jen.Id("op"), jen.Id("obj"), jen.Id("oldObj")), jen.Id("fldPath")), jen.Id("custom").Op("...")))
		} else {
			unchanged = jen.Return(jen.Id("custom"))
		}
	}
	if d.Root != nil && !g.pkg.UpstreamSemantics() {
		// A CRD publishes metadata without its fields, so the API server correlates none of them
		// and never finds an object unchanged (an update's metadata always holds its uid and
		// resourceVersion): it runs the object's own checks on every update, and so does this
		// validator. Its values still ratchet one by one. (Packages written for Kubernetes'
		// validation-gen ratchet an unchanged object whole, as upstream's validators do.)
		body = append(body, jen.Comment("An object is never unchanged: its values ratchet one by one (the API server cannot correlate metadata)."))
		body = append(body, jen.Id("_").Op("=").Id("ratchet"))
	} else {
		body = append(body, jen.Comment("Ratcheting: an unchanged object only runs its transition rules."))
		body = append(body, jen.If(g.unchangedIf(jen.Id("ratchet").Op("&&").Id(g.unchangedFn(d)).Call(jen.Id("obj"), jen.Id("oldObj")), d.Node, "obj")).Block(unchanged))
	}
	body = append(body, jen.Var().Id("errs").Qual(pkgField, "ErrorList"))
	body = append(body, g.typeLevel(d, false)...)
	ms := members(d)
	for _, p := range checkedProperties(d) {
		if shortCircuits(d.Node.V.FixedResults) {
			break // a type-level check that always fails stops the type's validation
		}
		for len(ms) > 0 && model.Before(ms[0].Pos, p.Pos) {
			body = append(body, g.embedded(ms[0])...)
			ms = ms[1:]
		}
		body = append(body, g.property(d, p, false)...)
	}
	for _, m := range ms {
		if shortCircuits(d.Node.V.FixedResults) {
			break
		}
		body = append(body, g.embedded(m)...)
	}
	if len(custom) > 0 {
		body = append(body, jen.Return(jen.Append(jen.Qual(pkgGenRT, g.prefixRoot()).Call(jen.Id("errs"), jen.Id("fldPath")), jen.Id("custom").Op("..."))))
	} else {
		body = append(body, jen.Return(jen.Qual(pkgGenRT, g.prefixRoot()).Call(jen.Id("errs"), jen.Id("fldPath"))))
	}
	g.f.Commentf("%s validates obj and, on update, its changes from oldObj (nil on create), as the", name)
	g.f.Commentf("tags of %s.%s declare. Errors are rooted at fldPath.", d.Package.Name, d.GoName)
	g.f.Func().Id(name).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("fldPath").Op("*").Qual(pkgField, "Path"), jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(typ),
	).Qual(pkgField, "ErrorList").Block(body...)
}

// isValueType reports a named list, map or scalar type (model.Package.ValueTypes).
func isValueType(d *model.Definition) bool {
	return d.Node.Kind != model.KindObject
}

// valueTypeFunc writes Validate_T of a named list, map or scalar type: the checks its declaration
// (and the chain of types below it) asks for, as a field of the type runs them. Places that hold
// the type run the same checks inline, so this function is what a scheme registration calls.
func (g *validatorGen) valueTypeFunc(d *model.Definition) {
	name, typ := g.funcName(d), g.goType(d.Node.GoType)
	g.listName = ""
	checks := g.valueChecks(d.Node, "obj", "oldObj", 1, false)
	body := []jen.Code{
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.If(jen.Id("op").Dot("Type").Op("!=").Qual(pkgOperation, "Update")).Block(
			jen.Id("oldObj").Op("=").Nil()).Comment("only updates have an old object: transition rules run on update only"),
	}
	if uses(checks, "ratchet") {
		body = append(body, jen.Id("ratchet").Op(":=").Id("oldObj").Op("!=").Nil().Op("&&").Qual(pkgGenRT, "Ratcheting").Call(jen.Id("op")))
	}
	body = append(body, jen.Var().Id("e").Qual(pkgField, "ErrorList"))
	body = append(body, checks...)
	body = append(body, jen.Return(jen.Qual(pkgGenRT, "PrefixPath").Call(jen.Id("e"), jen.Id("fldPath"))))
	g.f.Commentf("%s validates obj and, on update, its changes from oldObj (nil on create), as the", name)
	g.f.Commentf("tags of %s.%s declare. Errors are rooted at fldPath.", d.Package.Name, d.GoName)
	g.f.Func().Id(name).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("fldPath").Op("*").Qual(pkgField, "Path"), jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(typ),
	).Qual(pkgField, "ErrorList").Block(body...)
}

// transitionProperties are the fields whose transition rules an unchanged definition runs: all of
// them, promoted ones included, unless the type is +k8s:opaqueType.
func transitionProperties(d *model.Definition) []*model.Property {
	if d.Node.V.Opaque != nil || marshalsItself(d) {
		return nil
	}
	return d.Node.Properties
}

// embedded emits the block that validates an embedded field as a value (see model.Embedded): its
// own tags and its type's validator, errors at the holder's path, or under the field's Go name
// when the holder is validated with no path.
func (g *validatorGen) embedded(m *model.Embedded) []jen.Code {
	n := m.Node
	if !g.nodeCarries(n) {
		return nil
	}
	checks := g.valueChecks(n, "v", "old", 1, false)
	if len(checks) == 0 {
		return nil
	}
	block := []jen.Code{jen.Id("v").Op(":=").Add(valueOf("obj", m.GoName, n.Pointer))}
	if uses(checks, "old") {
		block = append(block, jen.Var().Id("old").Op("*").Add(g.goType(n.ValueType())),
			jen.If(jen.Id("oldObj").Op("!=").Nil()).Block(jen.Id("old").Op("=").Add(valueOf("oldObj", m.GoName, n.Pointer))))
	}
	present := append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, checks...),
		jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
			jen.Qual(pkgGenRT, "PrefixEmbedded").Call(jen.Id("e"), jen.Id("fldPath"), jen.Lit(m.Name)).Op("..."))))
	if n.Pointer {
		block = append(block, jen.If(jen.Id("v").Op("!=").Nil()).Block(present...))
	} else {
		block = append(block, present...)
	}
	return []jen.Code{jen.Comment(m.GoName + " (embedded)"), jen.Block(block...)}
}

// transitionsFunc writes transitions_T: the transition rules of an unchanged T.
func (g *validatorGen) transitionsFunc(d *model.Definition) {
	name, typ := g.transitionsName(d), g.goType(d.Node.GoType)
	body := []jen.Code{jen.Var().Id("errs").Qual(pkgField, "ErrorList")}
	body = append(body, g.typeLevel(d, true)...)
	for _, p := range transitionProperties(d) {
		if g.nodeTransition(p.Node, false) {
			body = append(body, g.property(d, p, true)...)
		}
	}
	body = append(body, jen.Return(jen.Id("errs")))
	g.f.Commentf("%s runs the transition rules of an unchanged %s: they are never ratcheted.", name, d.GoName)
	g.f.Func().Id(name).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(typ),
	).Qual(pkgField, "ErrorList").Block(body...)
}

// typeLevel emits the checks declared on the type itself (CEL rules, +nameFormat of its fields).
func (g *validatorGen) typeLevel(d *model.Definition, transitionsOnly bool) []jen.Code {
	var out []jen.Code
	if v := &d.Node.V; !transitionsOnly && v.Schema.Type != nil && v.Schema.Type.Value == "string" && !d.Special {
		// A struct that marshals itself as a string, its declaration's string keywords checked on
		// its JSON form.
		if checks := g.jsonStringChecks(d.Node, "obj", 1); len(checks) > 0 {
			out = append(out, jen.Block(append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, checks...),
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e").Op("...")))...))
		}
	}
	if v := &d.Node.V; !transitionsOnly && d.Node.Kind == model.KindObject && len(v.MinProperties)+len(v.MaxProperties) > 0 {
		// The bounds on the number of properties that the type's declaration (or a type it embeds
		// inline) publishes on its schema: checked here, where the struct is validated as a whole.
		checks := g.ownChecks(d.Node, "obj", 1)
		out = append(out, jen.Block(append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, checks...),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e").Op("...")))...))
	}
	if rules := celRules(d.Node.V.Rules, transitionsOnly); len(rules) > 0 {
		v := g.celVar(d.GoName, d.Node, rules, d.Root != nil)
		out = append(out, g.celCall(v, d.Node, rules, "obj", "oldObj", transitionsOnly, "errs"))
	}
	if transitionsOnly {
		return out
	}
	out = append(out, g.fixedResults(d.Node.V.FixedResults, "obj", "oldObj", "errs")...)
	// Unions and dependencies span the fields promoted through embedded fields, as the published
	// schema's rules do, except in upstream's semantics, where an embedded struct's are its own,
	// checked by its validator (see model.Definition.OwnProperties and members).
	own := d.OwnProperties()
	members := append(propertyMembers(own), subfieldMembers(d.Node)...)
	out = append(out, g.hostChecks(d.Node.GoType, d.GoName, members, own, "obj", "oldObj", "errs")...)
	out = append(out, g.modeChecks(d)...)
	if sub := g.subfields(d.Node, "obj", "oldObj", 0); len(sub) > 0 { // +k8s:subfield on the type
		out = append(out, jen.Block(append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, sub...),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e").Op("...")))...))
	}
	for _, p := range d.Node.Properties {
		if nf := p.Node.V.NameFormat; nf != nil {
			// Names cannot change on update; only new names are checked.
			out = append(out, jen.If(jen.Op("!").Id("ratchet").Op("||").Id("obj").Dot(p.GoName).Dot("Name").Op("!=").Id("oldObj").Dot(p.GoName).Dot("Name").
				Op("||").Id("obj").Dot(p.GoName).Dot("GenerateName").Op("!=").Id("oldObj").Dot(p.GoName).Dot("GenerateName")).Block(
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgGenRT, "NameFormat").Call(
					jen.Op("&").Id("obj").Dot(p.GoName), jen.Lit(p.Name), jen.Lit(nf.Name)).Op("..."))))
		}
	}
	return out
}

// shortCircuit marks an error of a check that upstream's validation-gen runs as a short-circuit
// (required, forbidden, immutable, update, maxItems, maxProperties), in a package written for it:
// field.Error's ShortCircuit, which its tests match.
func (g *validatorGen) shortCircuit(e *jen.Statement) *jen.Statement {
	if !g.pkg.UpstreamSemantics() {
		return e
	}
	return jen.Qual(pkgGenRT, "ShortCircuit").Call(e)
}

// rootSensitive reports whether a definition's validator places errors differently at the root of
// a validation (a nil fldPath): it validates embedded fields as values (see model.Embedded).
func (g *validatorGen) rootSensitive(d *model.Definition) bool {
	for _, m := range members(d) {
		if g.nodeCarries(m.Node) {
			return true
		}
	}
	return false
}

// nestedPath is the fldPath a validator passes to the validator of a value it holds: nil, or
// genruntime.Nested for a rootSensitive one.
func (g *validatorGen) nestedPath(d *model.Definition) jen.Code {
	if g.rootSensitive(d) {
		return jen.Qual(pkgGenRT, "Nested")
	}
	return jen.Nil()
}

// ownPath is the fldPath a validator passes to hand-written code: its own, without the mark
// genruntime.Nested.
func (g *validatorGen) ownPath(d *model.Definition) jen.Code {
	if g.rootSensitive(d) {
		return jen.Qual(pkgGenRT, "Unnested").Call(jen.Id("fldPath"))
	}
	return jen.Id("fldPath")
}

// celRules selects the rules that run as CEL: +immutable's own rule and +nameFormat's are checked
// natively (an optional +k8s:immutable field's "immutable once set" rule of its struct runs as CEL).
func celRules(rules []model.Rule, transitionsOnly bool) []model.Rule {
	var out []model.Rule
	for _, r := range rules {
		if r.Tag == "immutable" && r.Rule == model.ImmutableRule || r.Tag == "nameFormat" || r.SchemaOnly {
			continue // checked natively, or by apimachinery's validate library
		}
		if transitionsOnly && !r.IsTransition() {
			continue
		}
		out = append(out, r)
	}
	return out
}

// valueChecks emits the checks of a present value: v and old are pointer expressions (old may be
// nil), errors go to e relative to the value. depth keeps nested identifiers apart.
func (g *validatorGen) valueChecks(n *model.Node, v, old string, depth int, transitionsOnly bool) []jen.Code {
	shortCircuit, rest := g.valueCheckParts(n, v, old, depth, transitionsOnly)
	return joinShortCircuit(shortCircuit, rest, nil)
}

// joinShortCircuit runs the rest of a value's checks only when its short-circuiting checks
// reported nothing (and, when more is given, it holds too).
func joinShortCircuit(shortCircuit, rest []jen.Code, more *jen.Statement) []jen.Code {
	if len(rest) == 0 {
		return shortCircuit
	}
	if len(shortCircuit) == 0 && more == nil {
		return rest
	}
	cond := jen.Len(jen.Id("e")).Op("==").Lit(0)
	if len(shortCircuit) == 0 {
		cond = more
	} else if more != nil {
		cond = cond.Op("&&").Add(more)
	}
	return append(shortCircuit, jen.If(cond).Block(rest...))
}

// valueCheckParts is valueChecks in two parts: upstream's short-circuiting checks of the value,
// which all run, and the rest, which runs only when they reported nothing.
func (g *validatorGen) valueCheckParts(n *model.Node, v, old string, depth int, transitionsOnly bool) (shortCircuit, rest []jen.Code) {
	n = model.UniqueView(n.GoView()) // +k8s:unique: a set or list map for validation, atomic in the schema
	var out []jen.Code
	eff := specialView(n)
	if n.Ref != nil && g.validated(n.Ref) && n.V.Opaque == nil {
		// The referenced type validates itself (and ratchets itself); this place adds its own checks.
		call := jen.Id(g.funcName(n.Ref)).Call(jen.Id("ctx"), jen.Id("op"), g.nestedPath(n.Ref), jen.Id(v), jen.Id(old))
		if transitionsOnly {
			if !g.transition(n.Ref) {
				call = nil
			} else {
				call = jen.Id(g.transitionsName(n.Ref)).Call(jen.Id("ctx"), jen.Id("op"), jen.Id(v), jen.Id(old))
			}
		}
		if call != nil {
			out = append(out, jen.Id("e").Op("=").Append(jen.Id("e"), call.Op("...")))
		}
	}
	// Upstream's short-circuiting checks of the value (+k8s:update on an element, +k8s:immutable in
	// upstream's semantics) run first; when they report anything, nothing else of the value is
	// checked ("do not proceed" in upstream's generated code).
	if u := n.V.Update; u != nil && !transitionsOnly {
		// +k8s:update on an element (+k8s:eachVal, +k8s:item, +k8s:subfield): checked against its
		// correlated old element whenever it differs, as upstream's validate.Update* calls are.
		shortCircuit = append(shortCircuit, jen.If(jen.Id(old).Op("==").Nil().Op("||").Op("!").Id(g.eq.fn(n.ValueType())).Call(jen.Id(v), jen.Id(old))).Block(
			jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "AtValue").Call(gatedExpr(u.Origin,
				jen.Qual(pkgValidate, u.Func).Call(append([]jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(v), jen.Id(old)}, updateConstraints(u)...)...))), u.Origin).Op("..."))))
	}
	if !transitionsOnly && shortCircuits(n.V.FixedResults) {
		// A check that always fails and short-circuits: nothing else at this value ever runs.
		unchanged := g.unchangedIf(jen.Id("ratchet").Op("&&").Id(old).Op("!=").Nil().Op("&&").Id(g.eq.fn(n.ValueType())).Call(jen.Id(v), jen.Id(old)), n, v)
		return append(shortCircuit, jen.If(jen.Op("!").Parens(unchanged)).Block(g.fixedResults(n.V.FixedResults, v, old, "e")...)), nil
	}
	if g.pkg.UpstreamSemantics() && !transitionsOnly && (n.Kind == model.KindList || n.Kind == model.KindMap) {
		// +k8s:maxItems and +k8s:maxProperties short-circuit, as upstream's: an oversized value is
		// reported (when it changed) and nothing else about it is checked.
		if sizes := g.sizeLimits(n, v); len(sizes) > 0 {
			unchanged := g.unchangedIf(jen.Id("ratchet").Op("&&").Id(old).Op("!=").Nil().Op("&&").Id(g.eq.fn(n.ValueType())).Call(jen.Id(v), jen.Id(old)), n, v)
			shortCircuit = append(shortCircuit, jen.If(jen.Op("!").Parens(unchanged)).Block(sizes...))
			stripped := *eff
			stripped.V.MaxItems, stripped.V.MaxProperties = nil, nil
			eff = &stripped
		}
	}
	if !transitionsOnly {
		out = append(out, payloadGates(&n.V)...)
	}
	own := append(g.ownChecks(eff, v, depth), g.libCalls(n, n.V.Calls, v, old)...)
	own = append(own, g.fixedResults(n.V.FixedResults, v, old, "e")...)
	switch {
	case transitionsOnly:
	case n.Kind == model.KindObject:
		own = append(own, g.hostChecks(n.ValueType(), g.placeName(n), subfieldMembers(n), model.Effective(n).Properties, v, old, "e")...)
	case n.Kind == model.KindList:
		own = append(own, g.hostChecks(n.ValueType(), g.placeName(n), itemMembers(n, g.listName), nil, v, old, "e")...)
	}
	rules := celRules(n.V.Rules, false)
	var transRules, allRules []model.Rule
	for _, r := range rules {
		allRules = append(allRules, r)
		if r.IsTransition() {
			transRules = append(transRules, r)
		}
	}
	immutable := n.V.Immutable
	if immutable != nil && !transitionsOnly && g.pkg.UpstreamSemantics() {
		shortCircuit = append(shortCircuit, g.immutableCheck(n, v, old, immutable.Origin))
		immutable = nil
	}
	// Items of atomic lists and sets have no old items: they are validated when the whole list
	// changed, as the API server ratchets them.
	wholeList := n.Kind == model.KindList && (g.listType(n) == nil || g.listTypeIs(n, "atomic") || g.listTypeIs(n, "set"))
	needEq := len(own) > 0 || len(allRules) > 0 || immutable != nil ||
		wholeList && (g.nodeCarries(n.Items) || g.listTypeIs(n, "set"))
	if !transitionsOnly && needEq {
		celVar := ""
		if len(allRules) > 0 {
			celVar = g.celVar(g.placeName(n), n, allRules, false)
		}
		var changed []jen.Code
		changed = append(changed, own...)
		if immutable != nil {
			changed = append(changed, g.immutableCheck(n, v, old, immutable.Origin))
		}
		if celVar != "" {
			changed = append(changed, g.celCall(celVar, n, allRules, v, old, false, "e"))
		}
		if wholeList {
			changed = append(changed, g.items(n, v, old, depth, false)...)
		}
		unchanged := []jen.Code{}
		if len(transRules) > 0 {
			tv := g.celVar(g.placeName(n)+"_transitions", n, transRules, false)
			unchanged = append(unchanged, g.celCall(tv, n, transRules, v, old, true, "e"))
		}
		cond := g.unchangedIf(jen.Id("ratchet").Op("&&").Id(old).Op("!=").Nil().Op("&&").Id(g.eq.fn(n.ValueType())).Call(jen.Id(v), jen.Id(old)), n, v)
		if len(unchanged) > 0 {
			out = append(out, jen.If(cond).Block(unchanged...).Else().Block(changed...))
		} else {
			out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(changed...))
		}
	} else if transitionsOnly && len(transRules) > 0 {
		tv := g.celVar(g.placeName(n)+"_transitions", n, transRules, false)
		out = append(out, g.celCall(tv, n, transRules, v, old, true, "e"))
	}
	switch n.Kind {
	case model.KindList:
		var its []jen.Code
		if g.listTypeIs(n, "map") {
			its = g.items(n, v, old, depth, transitionsOnly)
		}
		if !transitionsOnly {
			its = append(its, g.itemSelectors(n, v, old, depth)...)
		}
		if g.pkg.UpstreamSemantics() && !transitionsOnly && len(its) > 0 {
			// Upstream validates nothing of an unchanged list ("don't revalidate unchanged
			// data"): neither its duplicates nor its items, whose correlation by key differs
			// from the whole list's where the old list had a key twice.
			unchanged := g.unchangedIf(jen.Id("ratchet").Op("&&").Id(old).Op("!=").Nil().Op("&&").Id(g.eq.fn(n.ValueType())).Call(jen.Id(v), jen.Id(old)), n, v)
			its = []jen.Code{jen.If(jen.Op("!").Parens(unchanged)).Block(its...)}
		}
		out = append(out, its...)
	case model.KindMap:
		out = append(out, g.values(n, v, old, depth, transitionsOnly)...)
		if !transitionsOnly {
			out = append(out, g.keys(n, v, old, depth)...)
		}
	case model.KindObject:
		if !transitionsOnly {
			out = append(out, g.subfields(n, v, old, depth)...)
		}
	}
	return shortCircuit, out
}

// celCall runs the rules of a CEL variable on self, with the native fast path when some rules
// translate: CEL then runs only for the rules not known to hold.
func (g *validatorGen) celCall(celVar string, n *model.Node, rules []model.Rule, self, old string, transitionsOnly bool, target string) jen.Code {
	if call, ok := g.nativeCall(celVar, n, rules, self, old, transitionsOnly, target); ok {
		return call
	}
	g.useCELVar(celVar)
	oldArg := jen.Qual(pkgGenRT, "Old").Call(jen.Id(old))
	fast, all := g.fastFunc(celVar, n, rules)
	if fast == "" {
		return jen.Id(target).Op("=").Append(jen.Id(target), jen.Id(celVar).Dot("Validate").Call(jen.Id("ctx"), jen.Id(self), oldArg, jen.Lit(transitionsOnly)).Op("..."))
	}
	ok := jen.Id(fast).Call(jen.Id(self), jen.Id(old))
	if transitionsOnly {
		var others uint64 // rules that do not run on an unchanged value count as passed
		for i, r := range rules {
			if i < 64 && !r.IsTransition() {
				others |= 1 << uint(i)
			}
		}
		if others != 0 {
			ok = ok.Op("|").Lit(others)
		}
	}
	return jen.If(jen.Id("ok").Op(":=").Add(ok), jen.Id("ok").Op("!=").Lit(all)).Block(
		jen.Id(target).Op("=").Append(jen.Id(target), jen.Id(celVar).Dot("ValidateExcept").Call(jen.Id("ctx"), jen.Id(self), oldArg, jen.Lit(transitionsOnly), jen.Id("ok")).Op("...")))
}

func (g *validatorGen) placeName(n *model.Node) string {
	return fmt.Sprintf("%s_%d", strings.TrimSuffix(model.BaseName(n.Pos.Filename), ".go"), n.Pos.Line)
}
