// Package builder is the second stage: it turns the loaded program into the model. It reads the
// tags of every type and field (package tags), accumulates them along alias and named-type
// chains, resolves Go types to JSON shapes, special types and enums, and reports every tag
// problem it can see locally as a positioned diagnostic. Whole-model checks are the next stage's.
package builder

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/util"

	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// declTags is what the tags of one type declaration (named type or alias) say, applied once.
type declTags struct {
	v    model.Validations
	tt   model.TypeTags
	raws []tags.Raw
	// skip is set by +k8s:openapi-gen=false.
	skip bool
	// deepCopyObject is set by deepcopy-gen's +k8s:deepcopy-gen:interfaces naming runtime.Object.
	deepCopyObject bool
}

type builder struct {
	prog  *loader.Program
	diags model.Diagnostics
	defs  map[*types.TypeName]*model.Definition
	pkgs  map[string]*model.Package
	decls map[*types.TypeName]*declTags
	// specials caches special-type lookups (nil: not special).
	specials map[*types.TypeName]*specialType
	// controllerGen holds the input packages written for controller-gen (controllerGenInputs).
	controllerGen map[string]bool
	testTags      bool // accept test-only tags
	// nativeValidation is Options.NativeValidation; inputModules are the modules of the input
	// packages (see controllerGenOnly).
	nativeValidation bool
	inputModules     map[string]bool
	// ignoreUnexported is controller-gen's crd:ignoreUnexportedFields: unexported fields are
	// ignored, tags and all, without a word.
	ignoreUnexported bool
	// inChain holds the named list, map and scalar types whose nodes are being built, so that a
	// type that contains itself without a struct in between is reported rather than followed.
	inChain map[*types.TypeName]bool
	// building holds the structs whose fields are being built: a value of one of them closes a
	// cycle (see schemaStop).
	building map[*types.TypeName]bool
	// descent holds the structs whose fields properties is reading, from the holder down through
	// inline embedded structs, so that a struct that embeds itself is read once.
	descent map[*types.Struct]bool
	// inherited maps input packages to the +k8s:validation-gen of the output package naming them.
	inherited map[string]*model.String
	// enums caches the values of enum types (enumValues).
	enums map[*types.TypeName][]model.EnumValue
	// embeddedOnly holds the definitions made only for embedded fields (Node.Embedded) of other
	// packages' types: openapi-gen inlines such a type, so it is no definition of the schema, only
	// of the Go validators.
	embeddedOnly map[*types.TypeName]bool
	// perSemantics are diagnostics that depend on whether the holder's package is written for
	// Kubernetes' validation-gen, known only once every package's tags are read.
	perSemantics []semanticDiag
}

// semanticDiag is a problem for a package that is not written for Kubernetes' validation-gen
// (diag), and what it is for one that is: upstream diagnostics, and warnings (warn, when set).
type semanticDiag struct {
	holder   *model.Definition
	diag     model.Diagnostics
	upstream model.Diagnostics
	warn     model.Diagnostics
}

// Build turns the loaded program into the model. Every input package's type declarations have
// their tags checked; definitions are made for the structs of the input packages and for every
// struct they reach.
func Build(prog *loader.Program) (*model.Universe, model.Diagnostics) {
	return BuildWith(prog, model.Options{})
}

// BuildWith is Build with the options that decide which tags are accepted (TestTags).
func BuildWith(prog *loader.Program, opts model.Options) (*model.Universe, model.Diagnostics) {
	b := &builder{prog: prog, defs: map[*types.TypeName]*model.Definition{},
		pkgs: map[string]*model.Package{}, decls: map[*types.TypeName]*declTags{},
		specials: map[*types.TypeName]*specialType{}, testTags: opts.TestTags, nativeValidation: opts.NativeValidation, ignoreUnexported: opts.CRD.IgnoreUnexportedFields, inChain: map[*types.TypeName]bool{}, building: map[*types.TypeName]bool{},
		enums: map[*types.TypeName][]model.EnumValue{}, embeddedOnly: map[*types.TypeName]bool{}}
	b.controllerGen = b.controllerGenInputs()
	u := &model.Universe{}
	for _, pkg := range prog.Inputs {
		u.Packages = append(u.Packages, b.pkg(pkg.PkgPath))
	}
	// Which packages will have upstream's semantics is known before any type is built, and input
	// packages inherit it before any of their tags is applied: tags ask whether their package
	// follows upstream's semantics (+k8s:alpha and +k8s:beta apply only there).
	b.inherited = b.inheritedSemantics()
	b.inputSemantics()
	none := len(prog.Inputs) > 0
	for _, pkg := range prog.Inputs {
		if !b.notAPIPackage(pkg.PkgPath) {
			none = false
		}
	}
	if none && len(prog.Inputs[0].Syntax) > 0 {
		// Nothing to generate: say so rather than write nothing without a word.
		f := prog.Inputs[0].Syntax[0]
		b.diags.Warn(prog.Fset.Position(f.Name.Pos()), "", "no input package has a tag of a tool that reads API types "+
			"(validation-gen's, controller-gen's, openapi-gen's, ...): none is an API package, and nothing is generated, as those "+
			"tools generate nothing for such a package either; tag the package or its types (+groupName, +k8s:openapi-gen=true, "+
			"+required, ...) to generate schemas and validators")
	}
	for _, pkg := range prog.Inputs {
		if b.notAPIPackage(pkg.PkgPath) {
			continue // its types are defined where other packages' types reach them
		}
		scope := pkg.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || b.prog.TypeDecl(tn) == nil {
				continue
			}
			d := b.decl(tn)
			if d.skip || !tn.Exported() {
				continue
			}
			b.rootOnly(tn, b.definition(tn), d)
			delete(b.embeddedOnly, tn)
		}
	}
	for _, pkg := range prog.Inputs {
		b.valueTypes(pkg.Types, b.pkg(pkg.PkgPath))
	}
	for _, sd := range b.perSemantics {
		switch {
		case !sd.holder.Package.UpstreamSemantics():
			b.diags = append(b.diags, sd.diag...)
		case sd.warn != nil:
			b.diags = append(b.diags, sd.warn...)
		default:
			b.diags = append(b.diags, sd.upstream...)
		}
	}
	for tn, d := range b.defs {
		if b.embeddedOnly[tn] {
			b.unpublish(d)
			continue
		}
		u.Definitions = append(u.Definitions, d)
	}
	sort.Slice(u.Definitions, func(i, j int) bool { return u.Definitions[i].Name < u.Definitions[j].Name })
	for i := 1; i < len(u.Definitions); i++ {
		if a, c := u.Definitions[i-1], u.Definitions[i]; a.Name == c.Name {
			b.diags.Add(c.Pos, "", "definition name %s is used by both %s.%s and %s.%s", c.Name, a.GoPackage, a.GoName, c.GoPackage, c.GoName)
		}
	}
	for _, p := range b.pkgs {
		sort.Slice(p.Definitions, func(i, j int) bool { return p.Definitions[i].GoName < p.Definitions[j].GoName })
	}
	return u, b.diags
}

// unpublish takes a definition made only for an embedded field out of its package's definitions
// (the schema inlines the type); generated validators reach it through the embedded field.
func (b *builder) unpublish(d *model.Definition) {
	defs := d.Package.Definitions[:0]
	for _, x := range d.Package.Definitions {
		if x != d {
			defs = append(defs, x)
		}
	}
	d.Package.Definitions = defs
}

// inputSemantics carries an output package's +k8s:validation-gen over to the package it names in
// +k8s:validation-gen-input: the types of k8s.io/api/apps/v1 are written for Kubernetes'
// validation-gen because pkg/apis/apps/v1 generates their validators with it.
func (b *builder) inputSemantics() {
	for path, v := range b.inherited {
		if in := b.pkg(path); in.ValidationGen == nil {
			in.ValidationGen = v
		}
	}
}

// inheritedSemantics maps the packages that output packages name in +k8s:validation-gen-input to
// the +k8s:validation-gen they inherit (inputSemantics). A read-only output package counts: with
// --readonly-pkg k8s.io/apimachinery/pkg/apis/meta/v1/validation, metav1.ObjectMeta's +k8s: tags
// apply wherever it is used, as they do in Kubernetes, which generates that package.
func (b *builder) inheritedSemantics() map[string]*model.String {
	paths := make([]string, 0, len(b.pkgs))
	for path := range b.pkgs {
		paths = append(paths, path)
	}
	sort.Strings(paths) // the first output package's tag is the one recorded
	out := map[string]*model.String{}
	for _, path := range paths {
		p := b.pkgs[path]
		if p.ValidationGenInput == nil || p.ValidationGen == nil {
			continue
		}
		if _, ok := out[p.ValidationGenInput.Value]; !ok {
			out[p.ValidationGenInput.Value] = p.ValidationGen
		}
	}
	return out
}

// upstream reports whether a package's Go validators follow upstream's semantics, its own
// +k8s:validation-gen or one it inherits as an input.
func (b *builder) upstream(path string) bool {
	return b.pkg(path).UpstreamSemantics() || b.inherited[path] != nil
}

// outputPackages lists the packages of the run whose +k8s:validation-gen-input names path: those
// written first, then the read-only ones (apimachinery's meta/v1/validation, say), each sorted.
func (b *builder) outputPackages(path string) []string {
	var written, readOnly []string
	for p, mp := range b.pkgs {
		if mp.ValidationGenInput == nil || mp.ValidationGenInput.Value != path {
			continue
		}
		if mp.ReadOnly {
			readOnly = append(readOnly, p)
		} else {
			written = append(written, p)
		}
	}
	sort.Strings(written)
	sort.Strings(readOnly)
	return append(written, readOnly...)
}

// pkg returns the model package for an import path, reading its package tags the first time.
func (b *builder) pkg(path string) *model.Package {
	if p, ok := b.pkgs[path]; ok {
		return p
	}
	gp := b.prog.Package(path)
	p := &model.Package{Path: path}
	b.pkgs[path] = p
	if gp == nil {
		return p
	}
	p.Name = gp.Name
	if len(gp.GoFiles) > 0 {
		p.Dir = dirOf(gp.GoFiles[0])
	}
	for _, in := range b.prog.Inputs {
		if in.PkgPath == path {
			p.Input = true
		}
	}
	// An input package that is no API package is never written either: its types are validated
	// where API packages reach them, so a run with API packages that reach them writes into it
	// what a run over it alone writes, nothing (Gatekeeper's pkg/mutation/path/parser).
	p.ReadOnly = b.prog.ReadOnly[path] || p.Input && b.notAPIPackage(path)
	p.Foreign = b.foreign(path)
	p.ControllerGen = b.controllerGen[path]
	if !p.Input || !b.notAPIPackage(path) { // (the other tags of a package that is none say nothing here)
		raws := tags.Extract(b.prog.PackageTagLines(gp), tags.Multiline)
		tags.Apply(raws, tags.Place{Scope: tags.ScopePackage, Pkg: p, IgnoreMarkers: b.markersIgnored(path)}, &b.diags)
	}
	b.openAPIGenPackage(p)
	if p.Input && !p.ReadOnly {
		b.checkSchemeRegistry(gp.Types, p)
		if gp.Types != nil {
			p.Declared = map[string]token.Position{}
			for _, name := range gp.Types.Scope().Names() {
				p.Declared[name] = b.prog.Fset.Position(gp.Types.Scope().Lookup(name).Pos())
			}
		}
	}
	return p
}

// checkSchemeRegistry checks what the RegisterValidations of +k8s:validation-gen-scheme-registry
// needs, so that the generated file compiles: the scheme type, in a package the program loaded, and
// the package's localSchemeBuilder with a Register method, which the generated init calls. The
// problems are recorded in p.SchemeRegistryProblems, for the emitter to report if it registers
// anything.
//
// A package written for Kubernetes' validation-gen without the tag registers as upstream's does by
// default, into runtime.Scheme from an init function, when it declares the localSchemeBuilder that
// init needs (Kubernetes' own packages do, in register.go); without one, upstream's generated file
// would not compile, and the caller runs RegisterValidations(*runtime.Scheme) itself.
func (b *builder) checkSchemeRegistry(pkg *types.Package, p *model.Package) {
	if p.SchemeRegistry == nil && p.UpstreamSemantics() && pkg != nil && b.registersLocally(pkg) {
		p.SchemeRegistry = &model.String{Value: runtimeScheme, Origin: p.ValidationGen.Origin}
	}
	reg := p.SchemeRegistry
	if reg == nil {
		p.RegisterObject = b.registerObject(runtimeScheme)
	}
	if reg == nil || reg.Value == "nil" || pkg == nil {
		return
	}
	i := strings.LastIndex(reg.Value, ".")
	path, name := reg.Value[:i], reg.Value[i+1:]
	if sp := b.prog.Package(path); sp == nil || sp.Types == nil {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Written(), "package %s is not imported by %s (directly or through its imports), so the scheme type cannot be checked; "+
			"import it where localSchemeBuilder is declared", path, p.Path)
	} else if _, ok := sp.Types.Scope().Lookup(name).(*types.TypeName); !ok {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Written(), "package %s declares no type %s", path, name)
	} else {
		p.RegisterObject = b.registerObject(reg.Value)
	}
	v, ok := pkg.Scope().Lookup("localSchemeBuilder").(*types.Var)
	if !ok {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Written(), "the generated init registers RegisterValidations into the package's localSchemeBuilder, "+
			"as upstream's validation-gen does, and %s declares none: declare var localSchemeBuilder (a scheme builder with a "+
			"Register method), or write +k8s:validation-gen-scheme-registry=nil", p.Path)
		return
	}
	if obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, pkg, "Register"); obj == nil {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Written(), "localSchemeBuilder (%s) has no Register method, which the generated init calls", v.Type())
	}
}

// registerObject is the type of the first parameter of AddValidationFunc on *scheme (a qualified
// type name), which every registered type is passed as, or nil when the program does not hold it.
func (b *builder) registerObject(scheme string) types.Type {
	i := strings.LastIndex(scheme, ".")
	sp := b.prog.Package(scheme[:i])
	if sp == nil || sp.Types == nil {
		return nil
	}
	tn, ok := sp.Types.Scope().Lookup(scheme[i+1:]).(*types.TypeName)
	if !ok {
		return nil
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, sp.Types, "AddValidationFunc")
	f, ok := m.(*types.Func)
	if !ok {
		return nil
	}
	if params := f.Type().(*types.Signature).Params(); params.Len() > 0 {
		return params.At(0).Type()
	}
	return nil
}

// runtimeScheme is the scheme type upstream's validation-gen registers into by default.
const runtimeScheme = "k8s.io/apimachinery/pkg/runtime.Scheme"

// registersLocally reports whether pkg declares a localSchemeBuilder with a Register method.
func (b *builder) registersLocally(pkg *types.Package) bool {
	v, ok := pkg.Scope().Lookup("localSchemeBuilder").(*types.Var)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, pkg, "Register")
	return obj != nil
}

func dirOf(file string) string {
	i := strings.LastIndexAny(file, `/\`)
	if i < 0 {
		return "."
	}
	return file[:i]
}

// modelName is the OpenAPI definition name of a type: the package's +k8s:openapi-model-package,
// else the reversed domain of its import path (io.k8s.api.core.v1.Pod).
func modelName(p *model.Package, name string) string {
	if p.ModelPackage != "" {
		return p.ModelPackage + "." + name
	}
	return util.ToRESTFriendlyName(p.Path + "." + name)
}

// decl applies the tags of a type declaration once and caches the result.
func (b *builder) decl(tn *types.TypeName) *declTags {
	if d, ok := b.decls[tn]; ok {
		return d
	}
	d := &declTags{}
	b.decls[tn] = d
	td := b.prog.TypeDecl(tn)
	if td == nil {
		return d
	}
	if b.pkg(tn.Pkg().Path()).UpstreamSemantics() {
		// Kubernetes' validation-gen reads a type's tags from its doc comment only: the block above
		// it (+genclient's place) is for other tools there, and prose in it is no tag.
		d.raws = append(otherTools(tags.Extract(b.prog.Lines(td.Extra), tags.Multiline), &b.diags),
			tags.Extract(b.prog.Lines(td.Doc), tags.Multiline)...)
	} else {
		lines := append(b.prog.Lines(td.Extra), b.prog.Lines(td.Doc)...)
		d.raws = tags.Extract(lines, tags.Multiline)
	}
	d.skip = openAPIGenFalse(d.raws)
	d.deepCopyObject = asksDeepCopyObject(d.raws)
	b.gofmtStable(d.raws)
	b.pkg(tn.Pkg().Path())
	tags.Apply(d.raws, tags.Place{
		Scope: tags.ScopeType, Kind: b.kindOf(tn.Type()), GoType: tn.Type(), V: &d.v, Type: &d.tt,
		Lookup: b.lookup(tn.Pkg()), IsObjectMeta: model.IsObjectMeta(tn.Type()), IgnoreMarkers: b.markersIgnored(tn.Pkg().Path()), ControllerGenOnly: b.controllerGenOnly(tn.Pkg()), KindOf: b.kindOf, TestTags: b.testTags,
		Owner: tn.Name(), OpenAPIGen: &d.tt.OpenAPIGen, EnumIgnored: b.controllerGen[tn.Pkg().Path()] && b.pkg(tn.Pkg().Path()).OpenAPIGen == nil,
	}, &b.diags)
	return d
}

// secondBlockTags are the tags of Kubernetes' validation-gen that it reads from the comment block
// above a type's doc comment too (targets.go), as k8s.io/api writes them there.
var secondBlockTags = map[string]bool{"k8s:supportsSubresource": true, "k8s:isSubresource": true, "k8s:validation-gen": true}

// otherTools keeps the tags of other tools (+genclient:nonNamespaced, +k8s:openapi-gen) and those
// of secondBlockTags, and warns about the others, which Kubernetes' validation-gen does not read
// where they are written.
func otherTools(raws []tags.Raw, diags *model.Diagnostics) []tags.Raw {
	var out []tags.Raw
	for _, r := range raws {
		if d, ok := tags.Lookup(r.Name); ok && (d.Info || secondBlockTags[d.Name]) || tags.Allowed(r.Name) {
			out = append(out, r)
			continue
		}
		diags.Warn(r.Pos, r.Name, "in the comment block above a type's doc comment, which Kubernetes' validation-gen does "+
			"not read for validation tags; ignored (move it into the doc comment to use it)")
	}
	return out
}

// asksDeepCopyObject reports whether the tags ask deepcopy-gen for DeepCopyObject
// (+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object, a list of interfaces
// allowed).
func asksDeepCopyObject(raws []tags.Raw) bool {
	for _, r := range raws {
		if r.Name != "k8s:deepcopy-gen:interfaces" {
			continue
		}
		for _, iface := range strings.Split(r.Value, ",") {
			if strings.TrimSpace(iface) == "k8s.io/apimachinery/pkg/runtime.Object" {
				return true
			}
		}
	}
	return false
}

func openAPIGenFalse(raws []tags.Raw) bool {
	for _, r := range raws {
		if r.Name == "k8s:openapi-gen" && strings.TrimSpace(r.Value) == "false" {
			return true
		}
	}
	return false
}

// kindOf is the JSON shape of a Go type.
func (b *builder) kindOf(t types.Type) model.Kind {
	for {
		switch x := t.(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		case *types.Alias:
			t = x.Rhs()
			continue
		case *types.Named:
			if sp := b.special(x.Obj()); sp != nil {
				return sp.kind
			}
			t = x.Underlying()
			continue
		case *types.Basic:
			typ, _ := common.OpenAPITypeFormat(x.Name())
			switch typ {
			case "string":
				return model.KindString
			case "integer":
				return model.KindInteger
			case "number":
				return model.KindNumber
			case "boolean":
				return model.KindBoolean
			}
			return model.KindInvalid
		case *types.Slice:
			if isByte(x.Elem()) {
				return model.KindString
			}
			return model.KindList
		case *types.Array:
			return model.KindList
		case *types.Map:
			return model.KindMap
		case *types.Struct:
			return model.KindObject
		case *types.Interface:
			return model.KindAny
		}
		return model.KindInvalid
	}
}

func isByte(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// definition returns the definition of a named struct (or special) type, building it on first use.
// It returns nil for other types, which are inlined where they are used.
func (b *builder) definition(tn *types.TypeName) *model.Definition {
	if d, ok := b.defs[tn]; ok {
		return d
	}
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return nil
	}
	st, isStruct := named.Underlying().(*types.Struct)
	sp := b.special(tn)
	if !isStruct && sp == nil {
		return nil
	}
	p := b.pkg(tn.Pkg().Path())
	decl := b.decl(tn)
	name := modelName(p, tn.Name())
	if decl.tt.ModelPackage != nil {
		name = decl.tt.ModelPackage.Value + "." + tn.Name()
	}
	def := &model.Definition{
		Name: name, GoPackage: p.Path, GoName: tn.Name(), Package: p,
		Pos: b.prog.Fset.Position(tn.Pos()), Input: p.Input,
		Subresources: decl.tt.Subresources, IsSubresource: decl.tt.IsSubresource, OpenAPIGen: decl.tt.OpenAPIGen,
		DeepCopyObjectAsked: decl.deepCopyObject,
	}
	b.defs[tn] = def
	p.Definitions = append(p.Definitions, def)
	if td := b.prog.TypeDecl(tn); td != nil {
		def.Description = description(docText(b.prog.Lines(td.Doc), decl.raws))
		def.Doc = controllerGenDoc(td.Doc)
		start := td.Spec.Pos()
		for _, g := range []*ast.CommentGroup{td.Doc, td.Extra} {
			if g != nil && g.Pos() < start {
				start = g.Pos()
			}
		}
		def.DeclStart, def.DeclEnd = b.prog.Fset.Position(start), b.prog.Fset.Position(td.Spec.End())
	}
	node := &model.Node{GoType: named, Pos: def.Pos, V: decl.v}
	def.Node = node
	b.chainedNodes(&node.V)
	if sp != nil {
		def.Special = true
		node.Kind, node.Format, node.OneOfTypes = sp.kind, sp.format, sp.oneOf
		if sp.text {
			def.Doc = "" // controller-gen's schema of such a type is {type: string} and its markers
		}
		return def
	}
	node.Kind = model.KindObject
	b.kubebuilderDefinition(tn, def)
	// A struct breaks a chain of named lists and maps: its fields start chains of their own.
	saved := b.inChain
	b.inChain = map[*types.TypeName]bool{}
	b.building[tn] = true
	node.Properties = b.properties(st, def)
	delete(b.building, tn)
	b.inChain = saved
	def.Unions = b.openAPIUnions(tn, st)
	unionRules(def)
	embeddedRules(def)
	b.rootKind(def, decl)
	return def
}

// valueTypes builds the named list, map and scalar types of a package written for Kubernetes'
// validation-gen (type Name string, type Names []Name): upstream writes a Validate_T for each that
// carries validation and registers the ones its +k8s:validation-gen selects. They have no
// definition of their own in the schema, where their places inline them.
func (b *builder) valueTypes(pkg *types.Package, p *model.Package) {
	if !p.UpstreamSemantics() || pkg == nil {
		return
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || !tn.Exported() || b.prog.TypeDecl(tn) == nil || b.decl(tn).skip {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || b.special(tn) != nil {
			continue
		}
		switch named.Underlying().(type) {
		case *types.Basic, *types.Slice, *types.Array, *types.Map:
		default:
			continue // structs have definitions; pointers, interfaces, channels and functions no JSON value
		}
		pos := b.prog.Fset.Position(tn.Pos())
		def := &model.Definition{Name: modelName(p, tn.Name()), GoPackage: p.Path, GoName: tn.Name(), Package: p,
			Pos: pos, Input: p.Input, Node: b.valueNode(named, nil, pos)}
		if td := b.prog.TypeDecl(tn); td != nil {
			def.DeclStart, def.DeclEnd = b.prog.Fset.Position(td.Spec.Pos()), b.prog.Fset.Position(td.Spec.End())
		}
		p.ValueTypes = append(p.ValueTypes, def)
	}
}

// rootKind marks root kinds: structs that embed metav1.TypeMeta, have metav1.ObjectMeta as
// metadata, and are not lists. In a package written for controller-gen, kinds are what
// controller-gen takes for kinds (its FindKubeKinds): structs that embed both TypeMeta and
// ObjectMeta, whatever their name and markers (+kubebuilder:object:root is deepcopy's).
func (b *builder) rootKind(def *model.Definition, decl *declTags) {
	cg := def.Package.ControllerGen
	if !cg && strings.HasSuffix(def.GoName, "List") || def.GoPackage == model.MetaV1Path {
		return
	}
	var typeMeta, objectMeta bool
	st := def.Node.GoType.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		n, ok := types.Unalias(f.Type()).(*types.Named)
		if !ok || !f.Embedded() || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != model.MetaV1Path {
			continue
		}
		typeMeta = typeMeta || n.Obj().Name() == "TypeMeta"
		objectMeta = objectMeta || cg && n.Obj().Name() == "ObjectMeta"
	}
	for _, p := range def.Node.Properties {
		if !cg && p.Name == "metadata" && model.IsObjectMeta(p.Node.GoType) {
			objectMeta = true
		}
	}
	if !typeMeta || !objectMeta {
		return
	}
	rk := &model.RootKind{Kind: def.GoName, Plural: defaultPlural(def.GoName, cg || decl.tt.CRD.ObjectRoot != nil),
		ClusterScoped: decl.tt.NonNamespaced != nil && !cg, StorageVersion: decl.tt.StorageVersion}
	kubebuilderRoot(rk, &decl.tt)
	if nn := decl.tt.NonNamespaced; nn != nil && cg && !rk.ClusterScoped {
		// controller-gen reads scope from +kubebuilder:resource only (open-cluster-management
		// patches its AppliedManifestWork CRD by hand for this).
		b.diags.Warn(nn.Pos, nn.Written(), "controller-gen does not read client-gen's marker, and makes %s's CRD Namespaced; so does "+
			"this generator: for a cluster-scoped kind, add +kubebuilder:resource:scope=Cluster", def.GoName)
	}
	if decl.tt.Plural != nil {
		rk.Plural = decl.tt.Plural.Value
	}
	def.Root = rk
}

// rootOnly reports the tags that only mean something on a root kind when they are written on
// another type, where they would silently do nothing.
func (b *builder) rootOnly(tn *types.TypeName, def *model.Definition, d *declTags) {
	if def != nil && def.Root != nil {
		return
	}
	var misplaced []model.Origin
	if d.tt.Plural != nil {
		misplaced = append(misplaced, d.tt.Plural.Origin)
	}
	if d.tt.StorageVersion != nil {
		misplaced = append(misplaced, d.tt.StorageVersion.Origin)
	}
	for _, o := range misplaced {
		b.diags.Add(o.Pos, o.Written(), "%s is not a root kind (a struct that embeds metav1.TypeMeta and has metav1.ObjectMeta as "+
			"metadata), so the tag has no effect; move it to the kind's type declaration", tn.Name())
	}
}

// gofmtStable reports multi-line tag values that gofmt would change. gofmt reformats the doc
// comment of a top-level declaration: an indented line becomes a code block, preceded by a blank
// "//" line and indented with a tab, so a back-quoted CEL rule continued on indented lines would
// silently change (in every output) the next time the file is formatted. Field comments are left
// alone by gofmt, so only type declarations are checked.
func (b *builder) gofmtStable(raws []tags.Raw) {
	for _, r := range raws {
		if len(r.ValuePos) < 2 {
			continue
		}
		for i, line := range strings.Split(r.Value, "\n") {
			if i == 0 || i >= len(r.ValuePos) {
				continue
			}
			if line == "" || line[0] == ' ' || line[0] == '\t' {
				b.diags.Add(r.ValuePos[i], r.Name, "gofmt rewrites an indented or blank line in a type's doc comment "+
					"(into a code block with a tab), which would change this value; start each continuation line "+
					"right after \"// \", or put the tag on a field or on one line")
				break
			}
		}
	}
}

// neverWritten reports the validation tags of a field that encoding/json never writes (json:"-",
// or unexported): they would validate nothing. In a package written for Kubernetes'
// validation-gen, which skips unexported fields and their tags without a word, the tags of an
// unexported field are ignored as there, with a warning.
func (b *builder) neverWritten(raws []tags.Raw, f *types.Var, dash bool) {
	if !dash && b.ignoreUnexported {
		return // the run said so (--crd-options ignoreUnexportedFields=true), as controller-gen's does
	}
	why := "it is unexported"
	if dash {
		why = `its json tag is "-"`
	}
	upstream := !dash && f.Pkg() != nil && b.upstream(f.Pkg().Path())
	for _, r := range raws {
		if _, ok := tags.Lookup(r.Name); !ok {
			continue
		}
		if upstream {
			// Kubernetes' validation-gen skips such fields, tags and all; a package written for it
			// keeps generating, with a warning.
			b.diags.Warn(r.Pos, r.Name, "field %s is never in the JSON (%s), so this tag validates nothing; ignored", f.Name(), why)
			continue
		}
		b.diags.Add(r.Pos, r.Name, "field %s is never in the JSON (%s), so this tag would validate nothing; remove it", f.Name(), why)
	}
}

// trailingTags reports validation tags in a field's trailing comment (Name string // +maxLength=3):
// Kubernetes' generators read tags only from the comment above a field, so such a tag would be
// silently ignored.
func (b *builder) trailingTags(fd *ast.Field) {
	for _, r := range tags.Extract(b.prog.Lines(fd.Comment), tags.Multiline) {
		if _, ok := tags.Lookup(r.Name); ok {
			b.diags.Add(r.Pos, r.Name, "a tag in a trailing comment is not read; put it on its own line above the field")
		}
	}
}

// stable reports whether a flag is set by a tag without a stability level (+k8s:alpha, +k8s:beta).
func stable(f *model.Flag) bool { return f != nil && f.Level == "" }
