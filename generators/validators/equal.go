package validators

import (
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// equalities declares the typed equality functions that ratcheting compares old and new values
// with: func(a, b *T) bool, comparing what JSON shows of the values.
type equalities struct{ *decls }

// fn returns (declaring on first use) the typed equality function of a Go type:
// func(a, b *T) bool, comparing what JSON shows of the values.
func (e equalities) fn(t types.Type) string {
	t = types.Unalias(t)
	key := types.TypeString(t, nil)
	if name, ok := e.memo[key]; ok {
		return name
	}
	name := e.unique("equal_" + typeIdent(t))
	e.memo[key] = name
	e.pending = append(e.pending, func() {
		// A type of another package that the file cannot name (type errorType string, unexported,
		// in a field of an exported struct) is a type parameter, inferred at each call: the
		// function is generic over each such type whose values compare with ==.
		var params []jen.Code
		for _, n := range e.unnameableScalars(t) {
			if e.typeParams == nil {
				e.typeParams = map[*types.TypeName]string{}
			}
			p := "T" + strconv.Itoa(len(params))
			e.typeParams[n.Obj()] = p
			params = append(params, jen.Id(p).Comparable())
		}
		f := jen.Func().Id(name)
		if len(params) > 0 {
			f = f.Types(params...)
		}
		e.vars = append(e.vars, f.Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Add(e.goType(t))).Bool().Block(e.body(t)...))
		e.typeParams = nil
	})
	return name
}

// unnameableScalars are the named types with a basic underlying type that t is made of (through
// pointers, slices, arrays and map keys and values) and that the file cannot name, in order.
func (e equalities) unnameableScalars(t types.Type) []*types.Named {
	var out []*types.Named
	var walk func(types.Type)
	walk = func(t types.Type) {
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			if _, basic := x.Underlying().(*types.Basic); basic && e.unnameable(x) && !slices.Contains(out, x) {
				out = append(out, x)
			}
		case *types.Pointer:
			walk(x.Elem())
		case *types.Slice:
			walk(x.Elem())
		case *types.Array:
			walk(x.Elem())
		case *types.Map:
			walk(x.Key())
			walk(x.Elem())
		}
	}
	walk(t)
	return out
}

// body compares *a and *b.
func (e equalities) body(t types.Type) []jen.Code {
	if m := equalMethod(t); m != "" {
		return []jen.Code{jen.Return(jen.Id("a").Dot(m).Call(e.arg(t, "b")))}
	}
	under := t.Underlying()
	switch x := under.(type) {
	case *types.Basic:
		return []jen.Code{jen.Return(jen.Op("*").Id("a").Op("==").Op("*").Id("b"))}
	case *types.Pointer:
		return []jen.Code{jen.Return(jen.Parens(jen.Op("*").Id("a").Op("==").Nil()).Op("==").Parens(jen.Op("*").Id("b").Op("==").Nil()).
			Op("&&").Parens(jen.Op("*").Id("a").Op("==").Nil().Op("||").Id(e.fn(x.Elem())).Call(jen.Op("*").Id("a"), jen.Op("*").Id("b"))))}
	case *types.Slice:
		return []jen.Code{
			jen.If(jen.Len(jen.Op("*").Id("a")).Op("!=").Len(jen.Op("*").Id("b"))).Block(jen.Return(jen.False())),
			jen.For(jen.Id("i").Op(":=").Range().Op("*").Id("a")).Block(
				jen.If(jen.Op("!").Id(e.fn(x.Elem())).Call(jen.Op("&").Parens(jen.Op("*").Id("a")).Index(jen.Id("i")), jen.Op("&").Parens(jen.Op("*").Id("b")).Index(jen.Id("i")))).Block(jen.Return(jen.False()))),
			jen.Return(jen.True()),
		}
	case *types.Map:
		return []jen.Code{
			jen.If(jen.Len(jen.Op("*").Id("a")).Op("!=").Len(jen.Op("*").Id("b"))).Block(jen.Return(jen.False())),
			jen.For(jen.List(jen.Id("k"), jen.Id("va")).Op(":=").Range().Op("*").Id("a")).Block(
				jen.List(jen.Id("vb"), jen.Id("ok")).Op(":=").Parens(jen.Op("*").Id("b")).Index(jen.Id("k")),
				jen.If(jen.Op("!").Id("ok").Op("||").Op("!").Id(e.fn(x.Elem())).Call(jen.Op("&").Id("va"), jen.Op("&").Id("vb"))).Block(jen.Return(jen.False()))),
			jen.Return(jen.True()),
		}
	case *types.Struct:
		var conds []jen.Code
		for i := 0; i < x.NumFields(); i++ {
			f := x.Field(i)
			if !f.Exported() {
				continue // not part of the JSON value
			}
			if tag := x.Tag(i); strings.HasPrefix(reflectTag(tag), "-") && !strings.HasPrefix(reflectTag(tag), "-,") {
				continue
			}
			conds = append(conds, jen.Id(e.fn(f.Type())).Call(jen.Op("&").Id("a").Dot(f.Name()), jen.Op("&").Id("b").Dot(f.Name())))
		}
		if len(conds) == 0 {
			// A struct that shows no field to JSON but writes itself (apiextensionsv1.JSON,
			// runtime.RawExtension, a token type) is compared by what it writes; one that writes
			// nothing of itself is always {}.
			if writesJSON(t) {
				return []jen.Code{jen.Return(jen.Qual(pkgGenRT, "EqualJSON").Call(jen.Id("a"), jen.Id("b")))}
			}
			return []jen.Code{jen.Return(jen.True())}
		}
		expr := jen.Add(conds[0])
		for _, c := range conds[1:] {
			expr = expr.Op("&&").Line().Add(c)
		}
		return []jen.Code{jen.Return(expr)}
	case *types.Interface:
		return []jen.Code{jen.Return(jen.Qual("k8s.io/apimachinery/pkg/api/equality", "Semantic").Dot("DeepEqual").Call(jen.Op("*").Id("a"), jen.Op("*").Id("b")))}
	}
	return []jen.Code{jen.Return(jen.Op("*").Id("a").Op("==").Op("*").Id("b"))}
}

// writesJSON reports whether *T has json.Marshaler's MarshalJSON.
func writesJSON(t types.Type) bool {
	var pkg *types.Package
	if n, ok := t.(*types.Named); ok {
		pkg = n.Obj().Pkg()
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, pkg, "MarshalJSON")
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 2
}

func reflectTag(tag string) string {
	const k = `json:"`
	i := strings.Index(tag, k)
	if i < 0 {
		return ""
	}
	rest := tag[i+len(k):]
	if j := strings.IndexByte(rest, '"'); j >= 0 {
		return rest[:j]
	}
	return rest
}

// equalMethod finds a semantic Equal method (metav1.Time.Equal, resource.Quantity.Equal).
func equalMethod(t types.Type) string {
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return ""
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), "Equal")
	f, ok := obj.(*types.Func)
	if !ok {
		return ""
	}
	sig := f.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return ""
	}
	pt := sig.Params().At(0).Type()
	if types.Identical(pt, n) || types.Identical(pt, types.NewPointer(n)) {
		return "Equal"
	}
	return ""
}

func (e equalities) arg(t types.Type, b string) jen.Code {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "Equal")
	f := obj.(*types.Func)
	if _, ptr := f.Type().(*types.Signature).Params().At(0).Type().(*types.Pointer); ptr {
		return jen.Id(b)
	}
	return jen.Op("*").Id(b)
}
