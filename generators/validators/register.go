package validators

import (
	"fmt"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

const pkgFmt = "fmt"

// registerFunc writes RegisterValidations. Without +k8s:validation-gen-scheme-registry it takes a
// *runtime.Scheme and registers the root kinds. With it, registration is upstream validation-gen's:
// RegisterValidations takes the named scheme type, registers the types the output package's
// +k8s:validation-gen selects (root kinds when it has none) by a typed nil, routes the request's
// subresource, and an init function registers it into the package's localSchemeBuilder (whose
// existence the builder checked). "nil", or a registry with nothing to register, writes nothing.
// It reports whether it wrote a registration into a scheme registry.
func (g *validatorGen) registerFunc(defs []*model.Definition) bool {
	reg := g.out.SchemeRegistry
	if reg == nil {
		g.defaultRegisterFunc(defs)
		return false
	}
	if reg.Value == "nil" {
		return false
	}
	var body []jen.Code
	for _, d := range defs {
		if !g.registered(d) {
			continue
		}
		typ := jen.Op("*").Add(g.goType(d.Node.GoType))
		arg := types.Type(types.NewPointer(d.Node.GoType))
		call := jen.Id(g.funcName(d)).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("obj").Assert(typ.Clone()), jen.Id("old"))
		validate := []jen.Code{jen.List(jen.Id("old"), jen.Id("_")).Op(":=").Id("oldObj").Assert(typ.Clone()), jen.Return(call)}
		if k := d.Node.Kind; (k == model.KindList || k == model.KindMap) && !isArray(d.Node.GoType) {
			// A slice or map type is registered by value, as upstream registers nilable types.
			typ = g.goType(d.Node.GoType)
			arg = d.Node.GoType
			call = jen.Id(g.funcName(d)).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Op("&").Id("v"), jen.Id("old"))
			validate = []jen.Code{
				jen.Id("v").Op(":=").Id("obj").Assert(typ.Clone()),
				jen.Var().Id("old").Op("*").Add(typ.Clone()),
				jen.If(jen.List(jen.Id("o"), jen.Id("ok")).Op(":=").Id("oldObj").Assert(typ.Clone()), jen.Id("ok")).Block(
					jen.Id("old").Op("=").Op("&").Id("o")),
				jen.Return(call),
			}
		}
		g.registrable(d, arg, reg.Value)
		body = append(body, jen.Comment("type "+d.GoName), jen.Id("scheme").Dot("AddValidationFunc").Call(
			jen.Parens(typ.Clone()).Call(jen.Nil()),
			jen.Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
				jen.List(jen.Id("obj"), jen.Id("oldObj")).Interface()).Qual(pkgField, "ErrorList").Block(
				routed(subresources(d, "/"), validate...)...,
			),
		))
	}
	if len(body) == 0 {
		return false
	}
	body = append(body, jen.Return(jen.Nil()))
	pkg, name := splitQualified(reg.Value)
	g.registers = true
	g.f.Func().Id("init").Params().Block(jen.Id("localSchemeBuilder").Dot("Register").Call(jen.Id("RegisterValidations")))
	g.f.Comment("RegisterValidations registers the validators of the types that +k8s:validation-gen selects, for")
	g.f.Comment("the subresources each supports, so that the scheme validates them.")
	g.f.Func().Id("RegisterValidations").Params(jen.Id("scheme").Op("*").Qual(pkg, name)).Error().Block(body...)
	return true
}

// defaultRegisterFunc writes RegisterValidations(*runtime.Scheme) for the root kinds. A kind with
// subresource tags validates those subresources only; one without validates every request.
func (g *validatorGen) defaultRegisterFunc(defs []*model.Definition) {
	var body []jen.Code
	for _, d := range defs {
		if d.Root == nil || !runtimeObject(d) {
			continue
		}
		g.registrable(d, types.NewPointer(d.Node.GoType), "k8s.io/apimachinery/pkg/runtime.Scheme")
		typ := jen.Op("*").Add(g.goType(d.Node.GoType))
		validate := []jen.Code{
			jen.List(jen.Id("newObj"), jen.Id("_")).Op(":=").Id("obj").Assert(typ.Clone()),
			jen.List(jen.Id("old"), jen.Id("_")).Op(":=").Id("oldObj").Assert(typ.Clone()),
			jen.Return(jen.Id(g.funcName(d)).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("newObj"), jen.Id("old"))),
		}
		if len(d.Subresources) > 0 || d.IsSubresource != nil {
			validate = routed(subresources(d, "/"), validate...)
		}
		body = append(body, jen.Id("scheme").Dot("AddValidationFunc").Call(
			jen.Op("&").Add(g.goType(d.Node.GoType)).Values(),
			jen.Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
				jen.List(jen.Id("obj"), jen.Id("oldObj")).Interface()).Qual(pkgField, "ErrorList").Block(validate...),
		))
	}
	body = append(body, jen.Return(jen.Nil()))
	g.registers = true
	g.f.Comment("RegisterValidations registers the validators of the package's root kinds, so that")
	g.f.Comment("scheme.Validate and scheme.ValidateUpdate run them.")
	g.f.Func().Id("RegisterValidations").Params(jen.Id("scheme").Op("*").Qual(pkgRuntime, "Scheme")).Error().Block(body...)
}

// registrable warns when the value RegisterValidations passes to the scheme's AddValidationFunc
// for d (of type arg) does not satisfy that parameter's interface, runtime.Object for
// runtime.Scheme: the file does not compile until it does. The usual cause is a kind whose
// DeepCopyObject is neither written nor asked for (deepCopyAsked: a kind of a controller-gen
// package is registered only with +kubebuilder:object:root, which asks for it). It is a warning, not
// an error: the user may declare the method or add the tag after this run; upstream's
// validation-gen writes the registration without a word.
func (g *validatorGen) registrable(d *model.Definition, arg types.Type, scheme string) {
	if g.out.RegisterObject == nil {
		return
	}
	iface, ok := g.out.RegisterObject.Underlying().(*types.Interface)
	if !ok || types.Implements(arg, iface) {
		return
	}
	m, wrongType := types.MissingMethod(arg, iface, true)
	if m == nil || m.Name() == "DeepCopyObject" && !wrongType && deepCopyAsked(d) {
		return
	}
	qual := func(p *types.Package) string { return p.Name() }
	what := fmt.Sprintf("has no method %s", m.Name())
	if wrongType {
		what = fmt.Sprintf("has method %s with another signature than %s", m.Name(), types.TypeString(m.Type(), qual))
	}
	hint := "ask deepcopy-gen for it (+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object on the type, " +
		"+k8s:deepcopy-gen=package in doc.go) and run deepcopy-gen, before validation-gen or in the same go generate run"
	if m.Name() != "DeepCopyObject" {
		hint = "declare it"
	}
	_, name := splitQualified(scheme)
	g.warnings.Warn(d.Pos, "", "RegisterValidations registers %s into %s.%s, whose AddValidationFunc takes a %s, and %s %s, "+
		"so the generated file does not compile until it has one; %s", d.GoName, path.Base(scheme[:strings.LastIndex(scheme, ".")]), name,
		types.TypeString(g.out.RegisterObject, qual), types.TypeString(arg, qual), what, hint)
}

// deepCopyAsked reports whether d's tags ask the tool that writes DeepCopyObject for it
// (deepcopy-gen's +k8s:deepcopy-gen:interfaces naming runtime.Object, controller-gen's
// +kubebuilder:object:root): the method is then missing only because that tool has not run yet,
// as when its go:generate directive comes after this generator's, and the file compiles once it
// has; a warning would tell the user to do what they did.
func deepCopyAsked(d *model.Definition) bool {
	return d.DeepCopyObjectAsked || d.ControllerGenCRD() && d.Root != nil && d.Root.CRD.ObjectRoot != nil
}

// runtimeObject reports whether a root kind is, or will be, a runtime.Object that a scheme holds.
// In a package written for controller-gen, that is a kind marked +kubebuilder:object:root, which
// controller-gen's deepcopy generator gives DeepCopyObject, or one that has DeepCopyObject already;
// a kind controller-gen finds without that mark (Gatekeeper's DummyCRD, which only holds a schema
// for its CRD) is none, and registering it would not compile: it keeps its Validate_T. Root kinds
// of other packages are registered, as deepcopy-gen's interfaces tag makes them objects.
func runtimeObject(d *model.Definition) bool {
	if !d.Package.ControllerGen || d.Root.CRD.ObjectRoot != nil {
		return true
	}
	return types.NewMethodSet(types.NewPointer(d.Node.GoType)).Lookup(nil, "DeepCopyObject") != nil
}

// routed runs code for the listed subresource paths and reports an internal error for any other,
// as upstream's registration does.
func routed(paths []string, code ...jen.Code) []jen.Code {
	cases := make([]jen.Code, len(paths))
	for i, p := range paths {
		cases[i] = jen.Lit(p)
	}
	sub := jen.Id("op").Dot("Request").Dot("SubresourcePath").Call()
	return []jen.Code{
		jen.Switch(sub.Clone()).Block(jen.Case(cases...).Block(code...)),
		jen.Return(jen.Qual(pkgField, "ErrorList").Values(jen.Qual(pkgField, "InternalError").Call(jen.Nil(),
			jen.Qual(pkgFmt, "Errorf").Call(jen.Lit("no validation found for %T, subresource: %v"), jen.Id("obj"), sub.Clone())))),
	}
}

// subresources lists the request paths a registered type validates, sorted: root (unless
// +k8s:isSubresource names the one it is the payload of) and every +k8s:supportsSubresource.
func subresources(d *model.Definition, root string) []string {
	seen := map[string]bool{}
	if d.IsSubresource != nil {
		seen[d.IsSubresource.Value] = true
	} else {
		seen[root] = true
	}
	for _, s := range d.Subresources {
		seen[s.Value] = true
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// registered reports whether RegisterValidations registers a type under upstream's rules: it is
// exported, does not embed metav1.ListMeta, and the output package's +k8s:validation-gen selects it
// ("*", "TypesWithField=F": it has a field whose Go name is F, "TypesWithSuffix=S"); without a
// selection, the root kinds are registered.
func (g *validatorGen) registered(d *model.Definition) bool {
	if !token.IsExported(d.GoName) {
		return false
	}
	st, _ := types.Unalias(d.Node.GoType).Underlying().(*types.Struct)
	if st != nil {
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Embedded() && isNamed(f.Type(), model.MetaV1Path, "ListMeta") {
				return false
			}
		}
	}
	if len(g.out.TypeFilters) == 0 {
		return d.Root != nil
	}
	for _, f := range g.out.TypeFilters {
		switch v := f.Value; {
		case v == "*":
			return true
		case strings.HasPrefix(v, "TypesWithSuffix="):
			if strings.HasSuffix(d.GoName, strings.TrimPrefix(v, "TypesWithSuffix=")) {
				return true
			}
		case strings.HasPrefix(v, "TypesWithField=") && st != nil:
			name := strings.TrimPrefix(v, "TypesWithField=")
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == name {
					return true
				}
			}
		}
	}
	return false
}

// isArray reports a Go array type (behind its name): unlike slices and maps, it is not nilable.
func isArray(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Array)
	return ok
}

func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// splitQualified splits "import/path.Type".
func splitQualified(q string) (pkg, name string) {
	i := strings.LastIndex(q, ".")
	return q[:i], q[i+1:]
}
