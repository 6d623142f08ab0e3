package nativecel

import (
	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/types"
)

// Map literals: a table of constant string keys and scalar constant values, looked up by index
// (`{"a": 1, "b": 2}[self.x]`), tested with `in` and measured with size(). Anything else done with
// one (equality, macros, selection, a map that is a value of the rule) stays in cel-go.

// mapLit is a map literal's entries, in the order written.
type mapLit struct {
	keys []string
	vals []cval
	elem ctype // the values' type
}

func (c *compiler) mapLiteral(m celast.MapExpr) cval {
	ml := &mapLit{}
	seen := map[string]bool{}
	for _, en := range m.Entries() {
		e := en.AsMapEntry()
		if e.IsOptional() {
			unsupported("an optional entry of a map literal")
		}
		if e.Key().Kind() != celast.LiteralKind {
			unsupported("a map literal with a computed key")
		}
		k, ok := e.Key().AsLiteral().(types.String)
		if !ok {
			unsupported("a map literal with keys of type %s", e.Key().AsLiteral().Type().TypeName())
		}
		if seen[string(k)] {
			unsupported("a map literal with a repeated key") // an evaluation error in CEL
		}
		seen[string(k)] = true
		if e.Value().Kind() != celast.LiteralKind {
			unsupported("a map literal with a computed value")
		}
		v := c.literal(e.Value().AsLiteral())
		if !v.typ.scalar() {
			unsupported("a map literal with values of type %s", v.typ)
		}
		if ml.elem != 0 && v.typ != ml.elem {
			unsupported("a map literal with values of mixed types")
		}
		ml.keys, ml.vals, ml.elem = append(ml.keys, string(k)), append(ml.vals, v), v.typ
	}
	return cval{typ: tMapLit, mlit: ml}
}

// mapLitIndex compiles m[k]: the value of key k, or CEL's "no such key" error.
func (c *compiler) mapLitIndex(m, k cval) cval {
	if k.typ != tString {
		unsupported("indexing a map literal with a %s", k.typ)
	}
	if len(m.mlit.keys) == 0 {
		unsupported("indexing an empty map literal")
	}
	key, v := c.temp("k"), c.temp("v")
	var cases []jen.Code
	for i, name := range m.mlit.keys {
		cases = append(cases, jen.Case(jen.Lit(name)).Block(jen.Id(v).Op("=").Add(m.mlit.vals[i].code)))
	}
	c.emit(jen.Id(key).Op(":=").Add(k.code), jen.Var().Id(v).Add(goTypeOf(m.mlit.elem)), jen.Id("_").Op("=").Id(v))
	found := c.temp("ok")
	cases = append(cases, jen.Default().Block(jen.Id(found).Op("=").False()))
	c.emit(jen.Id(found).Op(":=").True(), jen.Switch(jen.Id(key)).Block(cases...))
	c.fail(jen.Op("!").Id(found), jen.Qual(pkgCelNative, "NoSuchKey").Call(jen.Id(key)))
	return cval{code: jen.Id(v), typ: m.mlit.elem}
}

// mapLitIn compiles x in m: whether x is one of the keys.
func (c *compiler) mapLitIn(x, m cval) cval {
	if x.typ != tString {
		unsupported("in on a map literal with a %s", x.typ)
	}
	if len(m.mlit.keys) == 0 {
		c.discard(x)
		return cval{code: jen.False(), typ: tBool}
	}
	key, r := c.temp("k"), c.temp("in")
	var keys []jen.Code
	for _, name := range m.mlit.keys {
		keys = append(keys, jen.Lit(name))
	}
	c.emit(jen.Id(key).Op(":=").Add(x.code), jen.Id(r).Op(":=").False(),
		jen.Switch(jen.Id(key)).Block(jen.Case(keys...).Block(jen.Id(r).Op("=").True())))
	return cval{code: jen.Id(r), typ: tBool}
}
