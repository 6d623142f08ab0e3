package nativecel

import (
	"fmt"
	gotypes "go/types"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// Values: self, oldSelf, fields, items and map values as compiled code sees them.

func (c *compiler) selfVal(n *model.Node, ident string) cval {
	eff := model.Effective(n)
	if isQuantity(n.ValueType()) {
		return cval{code: jen.Parens(jen.Op("*").Id(ident)), typ: tQuantity, node: eff}
	}
	switch eff.Kind {
	case model.KindObject:
		if eff.Ref != nil || len(eff.Properties) > 0 || eff.Values == nil {
			return cval{code: jen.Id(ident), typ: tStruct, node: eff}
		}
		return c.mapVal(jen.Op("*").Id(ident), n.ValueType(), eff)
	case model.KindMap:
		return c.mapVal(jen.Op("*").Id(ident), n.ValueType(), eff)
	case model.KindList:
		return cval{code: jen.Op("*").Id(ident), typ: tList, node: eff}
	}
	if typ, ok := scalarType(eff); ok {
		return cval{code: convert(typ, jen.Op("*").Id(ident)), typ: typ2(typ), node: eff}
	}
	unsupported("self of %s", describe(eff, n.ValueType()))
	return cval{}
}

func (c *compiler) mapVal(code *jen.Statement, t gotypes.Type, eff *model.Node) cval {
	m, ok := t.Underlying().(*gotypes.Map)
	if !ok || eff.Values == nil {
		unsupported("a map of Go type %s", t)
	}
	if b, ok := m.Key().(*gotypes.Basic); !ok || b.Kind() != gotypes.String {
		unsupported("a map with keys of Go type %s", m.Key())
	}
	return cval{code: code, typ: tMap, node: eff}
}

// typ2 is the compiler's type for the guard's.
func typ2(t celType) ctype {
	switch t {
	case celBool:
		return tBool
	case celInt:
		return tInt
	case celString:
		return tString
	}
	unsupported("a value of this type")
	return 0
}

func convertC(t ctype, code *jen.Statement) *jen.Statement {
	switch t {
	case tInt:
		return jen.Int64().Call(code)
	case tString:
		return jen.String().Call(code)
	case tBool:
		return jen.Bool().Call(code)
	}
	return code
}

// elemVal is a list item or map value given by code, described by node.
func (c *compiler) elemVal(code *jen.Statement, node *model.Node) cval {
	eff := model.Effective(node)
	if node.Pointer {
		unsupported("items that are pointers")
	}
	if isQuantity(node.ValueType()) {
		return cval{code: code, typ: tQuantity, node: eff}
	}
	switch eff.Kind {
	case model.KindObject:
		if eff.Ref != nil || len(eff.Properties) > 0 {
			return cval{code: code, typ: tStruct, node: eff}
		}
	case model.KindList:
		return cval{code: code, typ: tList, node: eff}
	}
	typ, ok := scalarType(eff)
	if !ok {
		unsupported("items of %s", describe(eff, node.ValueType()))
	}
	return cval{code: convertC(typ2(typ), code), typ: typ2(typ), node: eff}
}

// property finds the field a struct value's CEL name selects.
func (c *compiler) property(op cval, name string) *model.Property {
	if op.root && (name == "metadata" || name == "apiVersion" || name == "kind") {
		unsupported("self.%s at a resource root", name)
	}
	p := property(op.node, name)
	if p == nil {
		unsupported("the field %s", name)
	}
	if len(p.Via) > 0 {
		unsupported("a field promoted through an embedded pointer")
	}
	return p
}

func (c *compiler) has(op cval, name string) cval {
	switch op.typ {
	case tStruct:
		p := c.property(op, name)
		present, ok := (&nativeTranslator{}).presence(nativeVal{code: op.code, node: op.node}, name)
		if !ok {
			unsupported("has() of the field %s", p.Name)
		}
		return cval{code: jen.Parens(present), typ: tBool}
	case tMap:
		k := c.temp("ok")
		c.emit(jen.List(jen.Id("_"), jen.Id(k)).Op(":=").Parens(op.code).Index(jen.Lit(name)))
		return cval{code: jen.Id(k), typ: tBool}
	}
	unsupported("has() on a %s", op.typ)
	return cval{}
}

func (c *compiler) selectField(op cval, name string) cval {
	switch op.typ {
	case tMap:
		return c.mapIndex(op, cval{code: jen.Lit(name), typ: tString})
	case tStruct:
	default:
		unsupported("selecting a field of a %s", op.typ)
	}
	p := c.property(op, name)
	present, ok := (&nativeTranslator{}).presence(nativeVal{code: op.code, node: op.node}, name)
	if !ok {
		unsupported("the field %s", name)
	}
	if present.GoString() != "true" {
		c.fail(jen.Op("!").Parens(present), jen.Qual(pkgCelNative, "NoSuchKey").Call(jen.Lit(name)))
	}
	return c.selectFieldPresent(op, p)
}

func (c *compiler) mapIndex(m, k cval) cval {
	if k.typ != tString {
		unsupported("a map key of type %s", k.typ)
	}
	if named(m.node) {
		unsupported("looking up a key of a map with a named key type")
	}
	v, ok := c.temp("v"), c.temp("ok")
	c.emit(jen.List(jen.Id(v), jen.Id(ok)).Op(":=").Parens(m.code).Index(k.code))
	c.fail(jen.Op("!").Id(ok), jen.Qual(pkgCelNative, "NoSuchKey").Call(k.code))
	return c.elemVal(jen.Id(v), m.node.Values)
}

// named reports a map whose key type is a named string type: TypedToVal cannot look its keys up
// (see genruntime/celrt), so such lookups stay in CEL to fail as they fail there.
func named(n *model.Node) bool {
	m, ok := n.ValueType().Underlying().(*gotypes.Map)
	if !ok {
		return true
	}
	_, isNamed := gotypes.Unalias(m.Key()).(*gotypes.Named)
	return isNamed
}

// optSelect compiles x.?f on a struct or an optional struct: an optional that holds the field
// when it is present (never an error).
func (c *compiler) optSelect(x cval, name string) cval {
	var present *jen.Statement
	if x.typ == tOptional {
		present, x = x.present, *x.elem
	}
	if x.typ != tStruct {
		unsupported("?. on a %s", x.typ)
	}
	p := c.property(x, name)
	has, ok := (&nativeTranslator{}).presence(nativeVal{code: x.code, node: x.node}, name)
	if !ok {
		unsupported("?. of the field %s", p.Name)
	}
	if present != nil {
		has = jen.Parens(present.Clone()).Op("&&").Parens(has)
	}
	// The field's value, read only where the optional has it (orValue, value guard it).
	saved := c.out
	var none []jen.Code
	c.out = &none
	fails := c.fails
	v := c.selectFieldPresent(x, p)
	c.out = saved
	if len(none) > 0 || c.fails != fails {
		unsupported("?. of a field that needs statements")
	}
	return cval{typ: tOptional, present: jen.Parens(has), elem: &v}
}

// selectFieldPresent is the value of a field known to be present.
func (c *compiler) selectFieldPresent(op cval, p *model.Property) cval {
	f := op.code.Clone().Dot(p.GoName)
	if p.Node.Pointer {
		f = jen.Parens(jen.Op("*").Add(f))
	}
	n := model.Effective(p.Node)
	if isQuantity(p.Node.ValueType()) {
		return cval{code: f, typ: tQuantity, node: n}
	}
	switch n.Kind {
	case model.KindObject:
		if n.Ref != nil || len(n.Properties) > 0 || n.Values == nil {
			return cval{code: f, typ: tStruct, node: n}
		}
		return c.mapVal(f, p.Node.ValueType(), n)
	case model.KindMap:
		return c.mapVal(f, p.Node.ValueType(), n)
	case model.KindList:
		return cval{code: f, typ: tList, node: n}
	}
	typ, ok := scalarType(n)
	if !ok {
		unsupported("the field %s of %s", p.Name, describe(n, p.Node.ValueType()))
	}
	return cval{code: convertC(typ2(typ), f), typ: typ2(typ), node: n}
}

// describe names what kept a value out of the subset: its Go type, or its format.
func describe(n *model.Node, t gotypes.Type) string {
	f := n.Format
	if n.V.Format != nil {
		f = n.V.Format.Name
	}
	if celTyped(f) {
		return fmt.Sprintf("format %s (not a plain string in CEL)", f)
	}
	return "Go type " + t.String()
}
