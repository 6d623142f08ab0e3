// Package builder is the second stage: it turns the loaded program into the model. It reads the
// tags of every type and field (package tags), accumulates them along alias and named-type
// chains, resolves Go types to JSON shapes, special types and enums, and reports every tag
// problem it can see locally as a positioned diagnostic. Whole-model checks are the next stage's.
package builder

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
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
	for _, pkg := range prog.Inputs {
		if b.notAPIPackage(pkg.PkgPath) {
			continue // its types are defined where the kinds reach them
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
	p.ReadOnly = b.prog.ReadOnly[path]
	p.ControllerGen = b.controllerGen[path]
	raws := tags.Extract(b.prog.PackageTagLines(gp), tags.Multiline)
	tags.Apply(raws, tags.Place{Scope: tags.ScopePackage, Pkg: p, IgnoreMarkers: b.markersIgnored(path)}, &b.diags)
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
	if reg == nil || reg.Value == "nil" || pkg == nil {
		return
	}
	i := strings.LastIndex(reg.Value, ".")
	path, name := reg.Value[:i], reg.Value[i+1:]
	if sp := b.prog.Package(path); sp == nil || sp.Types == nil {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Tag, "package %s is not imported by %s (directly or through its imports), so the scheme type cannot be checked; "+
			"import it where localSchemeBuilder is declared", path, p.Path)
	} else if _, ok := sp.Types.Scope().Lookup(name).(*types.TypeName); !ok {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Tag, "package %s declares no type %s", path, name)
	}
	v, ok := pkg.Scope().Lookup("localSchemeBuilder").(*types.Var)
	if !ok {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Tag, "the generated init registers RegisterValidations into the package's localSchemeBuilder, "+
			"as upstream's validation-gen does, and %s declares none: declare var localSchemeBuilder (a scheme builder with a "+
			"Register method), or write +k8s:validation-gen-scheme-registry=nil", p.Path)
		return
	}
	if obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, pkg, "Register"); obj == nil {
		p.SchemeRegistryProblems.Add(reg.Pos, reg.Tag, "localSchemeBuilder (%s) has no Register method, which the generated init calls", v.Type())
	}
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
	b.gofmtStable(d.raws)
	b.pkg(tn.Pkg().Path())
	tags.Apply(d.raws, tags.Place{
		Scope: tags.ScopeType, Kind: b.kindOf(tn.Type()), GoType: tn.Type(), V: &d.v, Type: &d.tt,
		Lookup: b.lookup(tn.Pkg()), IsObjectMeta: model.IsObjectMeta(tn.Type()), IgnoreMarkers: b.markersIgnored(tn.Pkg().Path()), ControllerGenOnly: b.controllerGenOnly(tn.Pkg()), KindOf: b.kindOf, TestTags: b.testTags,
		Owner: tn.Name(), OpenAPIGen: &d.tt.OpenAPIGen,
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

// properties lists the JSON fields of a struct, with embedded inline structs flattened, resolving
// repeated JSON names as encoding/json does: the shallowest field wins, then the one whose name
// comes from a json tag. Where encoding/json would drop a field that carries validation, or drop
// every field of an ambiguous name, it is an error instead of a silent loss.
func (b *builder) properties(st *types.Struct, holder *model.Definition) []*model.Property {
	var all []jsonField
	saved := b.descent
	b.descent = map[*types.Struct]bool{st: true}
	b.fields(st, holder, 0, "", nil, "", false, &all)
	b.descent = saved
	byName := map[string][]int{}
	var order []string
	for i, f := range all {
		if _, ok := byName[f.prop.Name]; !ok {
			order = append(order, f.prop.Name)
		}
		byName[f.prop.Name] = append(byName[f.prop.Name], i)
	}
	var props []*model.Property
	for _, name := range order {
		idx := byName[name]
		win := idx[0]
		ambiguous := false
		for _, i := range idx[1:] {
			a, c := all[win], all[i]
			switch {
			case c.depth < a.depth || c.depth == a.depth && c.tagged && !a.tagged:
				win, ambiguous = i, false
			case c.depth == a.depth && c.tagged == a.tagged:
				ambiguous = true
			}
		}
		if len(idx) > 1 {
			for _, i := range idx {
				f := all[i]
				var d model.Diagnostics
				switch {
				case ambiguous:
					d.Add(f.prop.Pos, "", "JSON name %q is also used by another field at the same depth; encoding/json would "+
						"drop them all: rename one (json tag)", name)
				case i != win && f.validates:
					d.Add(f.prop.Pos, "", "field %s is shadowed by the field at %s (JSON name %q), so encoding/json never "+
						"writes it and its tags would validate nothing", f.prop.GoName, model.ShortPos(all[win].prop.Pos), name)
				}
				if len(d) == 0 {
					continue
				}
				if holder == nil || f.prop.Promoted == "" {
					b.diags = append(b.diags, d...)
					continue
				}
				// In a package written for Kubernetes' validation-gen, the embedded struct's own
				// validator checks the field's Go value: a warning, not an error.
				w := d[0]
				w.Warning, w.Msg = true, w.Msg+" (in the JSON; validators check its Go value, as Kubernetes' validation-gen does)"
				b.perSemantics = append(b.perSemantics, semanticDiag{holder: holder, diag: d, warn: model.Diagnostics{w}})
			}
		}
		if !ambiguous {
			props = append(props, all[win].prop)
		}
	}
	return props
}

// jsonField is a candidate JSON field of a struct, before repeated names are resolved.
type jsonField struct {
	prop      *model.Property
	depth     int  // of embedding
	tagged    bool // the JSON name comes from a json tag
	validates bool // it carries validation tags
}

// fields appends the candidate JSON fields of a struct, descending into inline embedded structs.
// prefix is the Go selector of the embedded struct being read ("" at the top, "A.B." below), via
// the embedded pointers on the way (see model.Property.Via), promoted the holder's embedded field
// they come through when it is one of the holder's Node.Embedded. owned is set below an embedded
// field whose type's own definition reports the tags of its embedded fields.
func (b *builder) fields(st *types.Struct, holder *model.Definition, depth int, prefix string, via []string, promoted string, owned bool, all *[]jsonField) {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		jsonTag, hasJSON := tag.Lookup("json")
		name, opts, _ := strings.Cut(jsonTag, ",")
		fd := b.prog.FieldDecl(f)
		var raws []tags.Raw
		if fd != nil {
			raws = tags.Extract(b.prog.Lines(fd.Doc), tags.Multiline)
			b.trailingTags(fd)
		}
		if jsonTag == "-" || !f.Exported() && !(f.Embedded() && name == "") {
			// encoding/json never writes this field (json:"-,", by contrast, names it "-").
			b.neverWritten(raws, f, jsonTag == "-")
			continue
		}
		if openAPIGenFalse(raws) {
			continue
		}
		if f.Embedded() && name == "" {
			if inner := embeddedStruct(f.Type()); inner != nil {
				// An inline field has no value of its own in JSON: its fields are the holder's.
				// A validation tag on it would apply to nothing, so it is an error, not a no-op,
				// except in a package written for Kubernetes' validation-gen, which validates the
				// embedded struct as a value (model.Embedded).
				var inlined model.Diagnostics
				for _, r := range raws {
					if d, ok := tags.Lookup(r.Name); ok && d.Name != "optional" {
						// (+optional says nothing there, and Kubernetes' own types write it on
						// inline fields: networking/v1 IngressRule's IngressRuleValue.)
						inlined.Add(r.Pos, r.Name, "an embedded field without a JSON name is inlined, so there is no value "+
							"for this tag to apply to; put it on the fields of %s, or give the field a JSON name", typeString(f.Type()))
					}
				}
				innerPromoted, innerOwned := promoted, owned
				member := exportedStruct(f.Type())
				switch {
				case member != nil && (depth == 0 && holder != nil || owned):
					if depth == 0 && b.embeddedMember(holder, f, member, raws, inlined) {
						innerPromoted = f.Name()
					}
					innerOwned = true
				case !owned:
					b.diags = append(b.diags, inlined...)
				}
				if b.descent[inner] {
					// A struct that embeds itself (type T struct{ *T }), here or further down:
					// encoding/json reads each type's fields once, at its shallowest depth, so
					// the fields below are the ones already read (and the descent would not end).
					continue
				}
				if holder != nil {
					b.kubebuilderEmbedded(&holder.Node.V, f.Type())
					b.kubebuilderEmbeddedStructType(holder, f.Type())
				}
				innerVia := via
				if _, ptr := types.Unalias(f.Type()).(*types.Pointer); ptr {
					innerVia = append(append([]string(nil), via...), prefix+f.Name())
				}
				b.descent[inner] = true
				b.fields(inner, holder, depth+1, prefix+f.Name()+".", innerVia, innerPromoted, innerOwned, all)
				delete(b.descent, inner)
				continue
			}
		}
		tagged := hasJSON && name != ""
		if name == "" {
			name = f.Name()
		}
		pos := b.prog.Fset.Position(f.Pos())
		fieldV := &model.Validations{}
		oag := &model.OpenAPIGenTags{}
		owner := ""
		if holder != nil {
			owner = holder.GoName + "_" + f.Name()
		}
		tags.Apply(raws, tags.Place{
			Scope: tags.ScopeField, Kind: b.kindOf(f.Type()), GoType: f.Type(), V: fieldV,
			Lookup: b.lookup(f.Pkg()), IsObjectMeta: model.IsObjectMeta(f.Type()), IgnoreMarkers: b.markersIgnored(f.Pkg().Path()), ControllerGenOnly: b.controllerGenOnly(f.Pkg()), KindOf: b.kindOf, TestTags: b.testTags,
			Owner: owner, OpenAPIGen: oag,
		}, &b.diags)
		b.patchTags(tag, oag)
		node := b.valueNode(f.Type(), fieldV, pos)
		omitEmpty := hasOption(opts, "omitempty") || hasOption(opts, "omitzero")
		prop := &model.Property{
			Name: name, GoName: f.Name(), Node: node, OmitEmpty: omitEmpty, Pos: pos,
			AsString: hasOption(opts, "string"), Via: via, OmitZero: hasOption(opts, "omitzero"), Promoted: promoted,
			OpenAPIGen: *oag,
		}
		// Requiredness at a stability level (+k8s:beta=+k8s:required) is Go's only: the schema keeps
		// openapi-gen's reading, which does not see it.
		prop.Required = stable(node.V.Required) || !stable(node.V.Optional) && !omitEmpty && b.pkg(f.Pkg().Path()).Kubebuilder.FieldsOptional == nil
		if holder != nil && !prop.Required {
			b.immutableOnceSet(holder, prop)
		}
		if holder != nil {
			b.immutableTransitions(holder, prop)
		}
		var doc string
		if fd != nil {
			doc = docText(b.prog.Lines(fd.Doc), raws)
			prop.Doc = controllerGenDoc(fd.Doc)
		}
		if node.Enum != nil && (node.V.Enum == nil || node.V.Enum.Level == "") {
			doc += enumDescription(node.Enum)
		}
		prop.Description = description(doc)
		prop.ImplicitDefault = b.implicitDefault(f.Type(), omitEmpty)
		prop.StripZero = !node.Pointer && (node.Ref == nil || node.Ref.Special) && node.Kind != model.KindObject &&
			node.Kind != model.KindAny
		if node.V.NameFormat != nil {
			b.nameFormatRules(holder, prop)
		}
		validates := false
		for _, r := range raws {
			if _, ok := tags.Lookup(r.Name); ok {
				validates = true
			}
		}
		*all = append(*all, jsonField{prop: prop, depth: depth, tagged: tagged, validates: validates})
	}
}

func hasOption(opts, o string) bool {
	for _, x := range strings.Split(opts, ",") {
		if x == o {
			return true
		}
	}
	return false
}

// exportedStruct returns the exported named struct type of an embedded field (T or *T), if it
// is one: such a field can be validated as a value, by its type's validator.
func exportedStruct(t types.Type) *types.TypeName {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || !n.Obj().Exported() || n.TypeParams().Len() > 0 {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Obj()
}

// embeddedMember records an embedded field of holder as one of its Node.Embedded. The field's
// tags apply to it in a package written for Kubernetes' validation-gen; elsewhere they are the
// inlined diagnostics.
func (b *builder) embeddedMember(holder *model.Definition, f *types.Var, tn *types.TypeName, raws []tags.Raw, inlined model.Diagnostics) bool {
	_, existed := b.defs[tn]
	pos := b.prog.Fset.Position(f.Pos())
	v := &model.Validations{}
	var applied model.Diagnostics
	tags.Apply(raws, tags.Place{
		Scope: tags.ScopeField, Kind: model.KindObject, GoType: f.Type(), V: v,
		Lookup: b.lookup(f.Pkg()), IgnoreMarkers: b.markersIgnored(f.Pkg().Path()), ControllerGenOnly: b.controllerGenOnly(f.Pkg()), KindOf: b.kindOf, TestTags: b.testTags,
		Owner: holder.GoName + "_" + f.Name(),
	}, &applied)
	only := b.embeddedOnly[tn] // valueNode takes the type for referenced: it is not, from here
	n := b.valueNode(f.Type(), v, pos)
	if (only || !existed) && n.Ref != nil && !n.Ref.Input {
		b.embeddedOnly[tn] = true
	}
	if n.Ref == nil || n.Ref.Special {
		b.diags = append(b.diags, inlined...)
		return false
	}
	name := f.Name()
	if tn.Pkg() != holder.Node.GoType.(*types.Named).Obj().Pkg() {
		name = tn.Pkg().Name() + "." + name
	}
	holder.Node.Embedded = append(holder.Node.Embedded, &model.Embedded{GoName: f.Name(), Name: name, Node: n, Pos: pos})
	if len(inlined) > 0 || len(applied) > 0 {
		b.perSemantics = append(b.perSemantics, semanticDiag{holder: holder, diag: inlined, upstream: applied})
	}
	return true
}

// embeddedStruct returns the struct of an embedded field, if it is one.
func embeddedStruct(t types.Type) *types.Struct {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// valueNode builds the node for a value of Go type t declared at a place (a field) whose own tags
// are in place. Tags accumulate along the alias / named-type chain until a type with its own
// definition, which is referenced instead.
func (b *builder) valueNode(t types.Type, place *model.Validations, pos token.Position) *model.Node {
	n := b.valueNodeChain(t, place, pos, true)
	if place != nil && place.Opaque != nil && n.Ref == nil {
		// +k8s:opaqueType on a value without a definition: Go checks only the place's own tags.
		if own := b.valueNodeChain(t, place, pos, false); !reflect.DeepEqual(own.V, n.V) {
			n.Opaque = own
		}
	}
	return n
}

// valueNodeChain is valueNode; without withTags, the tags of the alias and named types along the way
// are left out (+k8s:opaqueType).
func (b *builder) valueNodeChain(t types.Type, place *model.Validations, pos token.Position, withTags bool) *model.Node {
	n := &model.Node{GoType: t, Pos: pos}
	var pieces []*model.Validations
	if place != nil {
		pieces = append(pieces, place)
	}
	var enumType *types.TypeName
	var chain []*types.TypeName // the named types walked through, in b.inChain while their elements are built
	cycle := false              // the value is of a struct whose fields are being built
walk:
	for {
		switch x := t.(type) {
		case *types.Pointer:
			if n.Pointer {
				// JSON has one null; a second pointer level has no meaning there, and neither
				// the schema nor the generated validators could tell its nil from the first.
				b.diags.Add(pos, "", "pointer to pointer (%s) is not supported; use one pointer", typeString(n.GoType))
				n.Kind = model.KindAny
				break walk
			}
			n.Pointer = true
			t = x.Elem()
		case *types.Alias:
			if d := b.decl(x.Obj()); withTags {
				pieces = append(pieces, &d.v)
				if d.v.Enum != nil {
					enumType = x.Obj()
				}
			}
			t = x.Rhs()
		case *types.Named:
			if def := b.definition(x.Obj()); def != nil {
				delete(b.embeddedOnly, x.Obj())
				n.Ref = def
				n.Kind = def.Node.Kind
				cycle = b.building[x.Obj()]
				break walk
			}
			if b.inChain[x.Obj()] {
				// type Tree []Tree: its schema would be infinite, and only a struct can be a
				// definition that refers to itself.
				b.diags.Add(b.prog.Fset.Position(x.Obj().Pos()), "", "type %s contains itself through lists or maps only; "+
					"neither its schema nor its validators can be written: put a struct in the cycle", x.Obj().Name())
				n.Kind = model.KindAny
				break walk
			}
			b.inChain[x.Obj()] = true
			chain = append(chain, x.Obj())
			if d := b.decl(x.Obj()); withTags {
				pieces = append(pieces, &d.v)
				pieces = append(pieces, b.kubebuilderBases(x.Obj())...)
				if d.v.Enum != nil {
					enumType = x.Obj()
				}
			}
			if td := b.prog.TypeDecl(x.Obj()); td != nil && n.TypeDoc == "" {
				n.TypeDoc = controllerGenDoc(td.Doc)
			}
			t = x.Underlying()
		case *types.Basic:
			typ, format := common.OpenAPITypeFormat(x.Name())
			n.Kind = b.kindOf(x)
			n.Format = format
			if typ == "" {
				b.diags.Add(pos, "", "type %s has no OpenAPI representation", x.Name())
			}
			break walk
		case *types.Slice:
			if isByte(x.Elem()) {
				n.Kind, n.Format = model.KindString, "byte"
				break walk
			}
			n.Kind = model.KindList
			n.Items = b.valueNode(x.Elem(), each(pieces, false), pos)
			break walk
		case *types.Array:
			n.Kind = model.KindList
			n.Items = b.valueNode(x.Elem(), each(pieces, false), pos)
			break walk
		case *types.Map:
			if b.kindOf(x.Key()) != model.KindString {
				b.diags.Add(pos, "", "map key type %s is not a string; JSON objects have string keys", typeString(x.Key()))
			}
			n.Kind = model.KindMap
			n.Values = b.valueNode(x.Elem(), each(pieces, false), pos)
			if keys := each(pieces, true); keys != nil || b.upstreamNamed(x.Key()) {
				// Keys are checked by +k8s:eachKey, and, as upstream checks them, by the
				// validations of a named key type of a package with upstream's semantics.
				n.Keys = b.valueNode(x.Key(), keys, pos)
			}
			break walk
		case *types.Struct:
			n.Kind = model.KindObject
			n.Properties = b.properties(x, nil)
			break walk
		case *types.Interface:
			n.Kind = model.KindAny
			break walk
		default:
			b.diags.Add(pos, "", "type %s has no OpenAPI representation", typeString(t))
			n.Kind = model.KindAny
			break walk
		}
	}
	for _, tn := range chain {
		delete(b.inChain, tn)
	}
	n.V = model.MergeValidations(pieces, &b.diags)
	if n.Kind == model.KindList && (n.V.ListType == nil || n.V.ListType.Value != "map") {
		b.uncorrelatedItems(n.Items)
	}
	b.chainedNodes(&n.V)
	if n.V.Enum != nil && enumType != nil {
		n.Enum = b.enumValues(enumType)
	}
	b.kubebuilderNode(n)
	schemaStop(n, cycle)
	return n
}

// upstreamNamed reports whether t is a named type (or an alias of one) declared in a package with
// upstream validation-gen's semantics.
func (b *builder) upstreamNamed(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && b.upstream(n.Obj().Pkg().Path())
}

// uncorrelatedItems leaves out of the schema the +k8s:immutable of the items of a set or atomic
// list in a package with upstream's semantics: the API server cannot correlate such items with
// old ones, so a transition rule cannot run there, but upstream's Go check (validate.Immutable for
// every item without an equal old one) can, and the Go validators make it. Elsewhere such a rule
// stays, and the check stage reports it.
func (b *builder) uncorrelatedItems(item *model.Node) {
	if item == nil || item.V.Immutable == nil || !b.upstreamAt(item.V.Immutable.Pos) {
		return
	}
	var rules []model.Rule
	for _, r := range item.V.Rules {
		if r.Tag != "immutable" {
			rules = append(rules, r)
		}
	}
	item.V.Rules = rules
}

// upstreamAt reports whether a tag at pos is in a package with upstream's semantics.
func (b *builder) upstreamAt(pos token.Position) bool {
	dir := filepath.Dir(pos.Filename)
	for _, p := range b.pkgs {
		if p.Dir == dir {
			return p.UpstreamSemantics()
		}
	}
	return false
}

// chainedNodes builds the nodes of the values that +k8s:subfield and +k8s:item select, from the
// validations their chained tags declared.
func (b *builder) chainedNodes(v *model.Validations) {
	for _, sf := range v.Subfields {
		if sf.Node == nil {
			sf.Node = b.payloadNode(sf.GoType, sf.V, sf.Origin)
		}
	}
	for _, it := range v.ItemSelectors {
		if it.Node == nil {
			it.Node = b.payloadNode(it.GoType, it.V, it.Origin)
		}
	}
	for _, m := range v.IfModes {
		if m.Node == nil {
			// Only the payload's own checks: what the field's type declares is checked with the
			// field, in every mode.
			n := b.valueNode(m.GoType, m.V, m.Pos)
			n.V, n.Ref = *m.V, nil
			if m.V.Enum == nil {
				n.Enum = nil
			}
			m.Node = n
		}
	}
}

// payloadNode is the node of a value that +k8s:subfield or +k8s:item selects: its chained tags
// only. What the value's type declares is checked where the value is (the struct's field, the
// list's item); checking it again from the tag would report each of its errors twice. Upstream's
// validation-gen, too, extracts the chained tags alone.
func (b *builder) payloadNode(t types.Type, v *model.Validations, o model.Origin) *model.Node {
	n := b.valueNodeChain(t, v, o.Pos, false)
	if n.V.Opaque == nil {
		n.V.Opaque = &model.Flag{Origin: o}
	}
	return n
}

// each collects what +k8s:eachVal (or, with keys, +k8s:eachKey) declares along a chain for the
// elements of its list or map; nil when nothing does.
func each(pieces []*model.Validations, keys bool) *model.Validations {
	var out []*model.Validations
	for _, p := range pieces {
		e := p.EachVal
		if keys {
			e = p.EachKey
		}
		if e != nil {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil
	}
	m := model.MergeValidations(out, nil)
	return &m
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// implicitDefault mirrors openapi-gen: non-pointer structs default to {}, and non-omitempty
// scalars to their zero value, unless the type unmarshals itself.
func (b *builder) implicitDefault(t types.Type, omitEmpty bool) any {
	for {
		if customUnmarshal(t) {
			return nil
		}
		switch x := t.(type) {
		case *types.Alias:
			t = x.Rhs()
			continue
		case *types.Named:
			if st, ok := x.Underlying().(*types.Struct); ok {
				if st.NumFields() == 1 && st.Field(0).Embedded() {
					t = st.Field(0).Type()
					continue
				}
				return map[string]any{}
			}
			t = x.Underlying()
			continue
		case *types.Struct:
			return map[string]any{}
		case *types.Basic:
			if omitEmpty {
				return nil
			}
			z, _ := common.OpenAPIZeroValue(x.Name())
			return z
		}
		return nil
	}
}

func customUnmarshal(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := t.(*types.Pointer); ok {
		ms := types.NewMethodSet(t)
		sel := ms.Lookup(nil, "UnmarshalJSON")
		return sel != nil && ptrRecv(sel.Obj().(*types.Func))
	}
	if n, ok := t.(*types.Named); ok {
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			return false
		}
		ms := types.NewMethodSet(types.NewPointer(n))
		return ms.Lookup(nil, "UnmarshalJSON") != nil
	}
	return false
}

func ptrRecv(f *types.Func) bool {
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	_, ok := types.Unalias(sig.Recv().Type()).(*types.Pointer)
	return ok
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
		ClusterScoped: decl.tt.NonNamespaced != nil, StorageVersion: decl.tt.StorageVersion}
	kubebuilderRoot(rk, &decl.tt)
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
		b.diags.Add(o.Pos, o.Tag, "%s is not a root kind (a struct that embeds metav1.TypeMeta and has metav1.ObjectMeta as "+
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
