package builder

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

// specialType is a type that defines its own schema through the methods openapi-gen honours:
// OpenAPISchemaType, OpenAPISchemaFormat and OpenAPIV3OneOfTypes (metav1.Time, resource.Quantity,
// intstr.IntOrString, ...). Their values are read from the methods' source: each must return a
// constant or a literal of constants.
type specialType struct {
	// text is set for a type that marshals itself as text only (textOnly).
	text   bool
	kind   model.Kind
	typ    []string
	format string
	oneOf  []string
}

func (b *builder) special(tn *types.TypeName) *specialType {
	if sp, ok := b.specials[tn]; ok {
		return sp
	}
	b.specials[tn] = nil
	typ, ok := b.constMethod(tn, "OpenAPISchemaType")
	if !ok {
		if b.textOnly(tn) {
			// encoding/json writes its MarshalText as a string, and controller-gen's schema of such
			// a type is a string (infoToSchema): so is ours where its markers are read.
			sp := &specialType{kind: model.KindString, typ: []string{"string"}, text: true}
			b.specials[tn] = sp
			return sp
		}
		return nil
	}
	sp := &specialType{}
	sp.typ, _ = typ.([]string)
	if f, ok := b.constMethod(tn, "OpenAPISchemaFormat"); ok {
		sp.format, _ = f.(string)
	}
	if o, ok := b.constMethod(tn, "OpenAPIV3OneOfTypes"); ok {
		sp.oneOf, _ = o.([]string)
	}
	switch {
	case len(sp.oneOf) > 0 || sp.format == "int-or-string":
		sp.kind = model.KindIntOrString
	case len(sp.typ) == 1 && sp.typ[0] == "string":
		sp.kind = model.KindString
	case len(sp.typ) == 1 && sp.typ[0] == "integer":
		sp.kind = model.KindInteger
	case len(sp.typ) == 1 && sp.typ[0] == "number":
		sp.kind = model.KindNumber
	case len(sp.typ) == 1 && sp.typ[0] == "boolean":
		sp.kind = model.KindBoolean
	case len(sp.typ) == 1 && sp.typ[0] == "object":
		sp.kind = model.KindObject
	default:
		sp.kind = model.KindAny
	}
	b.specials[tn] = sp
	return sp
}

// textOnly reports a type that marshals itself with MarshalText and not MarshalJSON, where
// controller-gen's markers are read (a run with a package written for controller-gen).
func (b *builder) textOnly(tn *types.TypeName) bool {
	if tn.Pkg() == nil || b.markersIgnored(tn.Pkg().Path()) {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	return ms.Lookup(tn.Pkg(), "MarshalText") != nil && ms.Lookup(tn.Pkg(), "MarshalJSON") == nil
}

// constMethod evaluates a niladic method of tn whose body is `return <constant or literal>`.
// The second result is false when the type has no such method.
func (b *builder) constMethod(tn *types.TypeName, name string) (any, bool) {
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, tn.Pkg(), name)
	f, ok := obj.(*types.Func)
	if !ok {
		return nil, false
	}
	fd, info := b.prog.FuncDecl(f)
	pos := b.prog.Fset.Position(f.Pos())
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		b.diags.Add(pos, "", "cannot read %s.%s: the method must be a single return of constants", tn.Name(), name)
		return nil, true
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		b.diags.Add(pos, "", "cannot read %s.%s: the method must be a single return of constants", tn.Name(), name)
		return nil, true
	}
	e := ret.Results[0]
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		return []string(nil), true
	}
	if cl, ok := e.(*ast.CompositeLit); ok {
		var out []string
		for _, el := range cl.Elts {
			tv, ok := info.Types[el]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				b.diags.Add(b.prog.Fset.Position(el.Pos()), "", "cannot read %s.%s: element is not a string constant", tn.Name(), name)
				return nil, true
			}
			out = append(out, constant.StringVal(tv.Value))
		}
		return out, true
	}
	b.diags.Add(b.prog.Fset.Position(e.Pos()), "", "cannot read %s.%s: the method must return constants", tn.Name(), name)
	return nil, true
}
