package nativecel

import (
	gotypes "go/types"
	"sort"

	"github.com/dave/jennifer/jen"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/model"
)

// Equality, as the API server's CEL values define it: the left operand's (CEL's a == b is
// a.Equal(b)). Lists of x-kubernetes-list-type set compare as sets of their items, of list-type
// map by their keys, whatever the order; objects by the properties they have; maps by their keys;
// numbers across int, uint and double by value; an int-or-string by what it holds; values of
// different types are not equal.

// equal compiles a == b; the result never fails (a comparison that could is left to cel-go).
func (c *compiler) equal(a, b cval) cval {
	switch {
	case a.typ == tIntOrString || b.typ == tIntOrString:
		return c.dynEqual(a, b)
	case a.typ == tOptional || b.typ == tOptional:
		return c.optionalEqual(a, b)
	case a.typ == tNull || b.typ == tNull:
		if a.typ == b.typ {
			return cval{code: jen.True(), typ: tBool}
		}
		unsupported("== with null")
	case a.typ == tQuantityStr || b.typ == tQuantityStr:
		if b.typ == tQuantityStr {
			a, b = b, a
		}
		switch b.typ {
		case tQuantityStr:
			return cval{code: jen.Qual(pkgCelNative, "QuantityStringsEqual").Call(a.code, b.code), typ: tBool}
		case tString:
			return cval{code: jen.Parens(a.code.Clone().Dot("String").Call().Op("==").Add(b.code)), typ: tBool}
		}
	case a.typ == tType && b.typ == tType:
		return cval{code: jen.Parens(jen.Add(a.code).Op("==").Add(b.code)), typ: tBool}
	case a.typ == b.typ && a.typ.scalar():
		return cval{code: jen.Parens(jen.Add(a.code).Op("==").Add(b.code)), typ: tBool}
	case a.typ == tTimestamp && b.typ == tTimestamp:
		return cval{code: a.code.Clone().Dot("Equal").Call(b.code), typ: tBool}
	case a.typ == tQuantity && b.typ == tQuantity:
		return cval{code: a.code.Clone().Dot("Equal").Call(b.code), typ: tBool}
	case numeric(a.typ) && numeric(b.typ):
		return cval{code: jen.Qual(pkgCelNative, "Equal"+numName(a.typ)+numName(b.typ)).Call(a.code, b.code), typ: tBool}
	case a.typ == tList && b.typ == tList:
		return c.listEqual(a, b)
	case a.typ == tMap && b.typ == tMap:
		return c.mapEqual(a, b)
	case a.typ == tStruct && b.typ == tStruct:
		return c.structEqual(a, b)
	case a.typ.scalar() && b.typ.scalar() || a.typ == tTimestamp && b.typ.scalar() || a.typ.scalar() && b.typ == tTimestamp:
		// values of different types: false, once both sides are evaluated (for their errors)
		c.evaluated(a)
		c.evaluated(b)
		return cval{code: jen.False(), typ: tBool}
	}
	unsupported("== on %s and %s", a.typ, b.typ)
	return cval{}
}

// dynEqual compares an int-or-string with another value.
func (c *compiler) dynEqual(a, b cval) cval {
	if b.typ == tIntOrString {
		a, b = b, a
	}
	switch b.typ {
	case tIntOrString:
		return cval{code: jen.Qual(pkgCelNative, "IntOrStringEqual").Call(a.code, b.code), typ: tBool}
	case tInt:
		return cval{code: jen.Parens(a.code.Clone().Dot("Type").Op("==").Qual(pkgIntstr, "Int").Op("&&").Int64().Call(a.code.Clone().Dot("IntVal")).Op("==").Add(b.code)), typ: tBool}
	case tUint, tDouble:
		return cval{code: jen.Parens(a.code.Clone().Dot("Type").Op("==").Qual(pkgIntstr, "Int").Op("&&").Qual(pkgCelNative, "EqualInt"+numName(b.typ)).Call(jen.Int64().Call(a.code.Clone().Dot("IntVal")), b.code)), typ: tBool}
	case tString:
		return cval{code: jen.Parens(a.code.Clone().Dot("Type").Op("==").Qual(pkgIntstr, "String").Op("&&").Add(a.code.Clone().Dot("StrVal")).Op("==").Add(b.code)), typ: tBool}
	case tBool, tDuration, tTimestamp, tList, tMap, tStruct, tNull:
		c.evaluated(a)
		c.evaluated(b)
		return cval{code: jen.False(), typ: tBool}
	}
	unsupported("== on an int-or-string and a %s", b.typ)
	return cval{}
}

// infallible compiles f, refusing statements that may fail: equality never fails here.
func (c *compiler) infallible(f func() cval) ([]jen.Code, cval) {
	stmts, v, fallible, _ := c.sub(f)
	if fallible {
		unsupported("== on values whose reading may fail")
	}
	return stmts, v
}

// eqFunc emits func(i, j int) bool comparing item i of a with item j of b.
func (c *compiler) eqFunc(a, b cval, eq func(x, y cval) cval) *jen.Statement {
	stmts, v := c.infallible(func() cval { return eq(c.item(a, jen.Id("i")), c.item(b, jen.Id("j"))) })
	return jen.Func().Params(jen.List(jen.Id("i"), jen.Id("j")).Int()).Bool().Block(append(stmts, jen.Return(v.code))...)
}

func listType(s *spec.Schema) (string, []string) {
	if s == nil || s.Extensions == nil {
		return "", nil
	}
	lt, _ := s.Extensions.GetString("x-kubernetes-list-type")
	var keys []string
	if raw, ok := s.Extensions["x-kubernetes-list-map-keys"]; ok {
		switch ks := raw.(type) {
		case []any:
			for _, k := range ks {
				if s, ok := k.(string); ok {
					keys = append(keys, s)
				}
			}
		case []string:
			keys = ks
		}
	}
	return lt, keys
}

func (c *compiler) listEqual(a, b cval) cval {
	a, b = c.materialize(a), c.materialize(b)
	lt, keys := "", []string(nil)
	if a.schema != nil && a.elems == 0 {
		lt, keys = listType(a.schema)
	}
	switch lt {
	case "set":
		if !c.scalarItems(a) || !c.scalarItems(b) {
			unsupported("== of sets of non-scalar items")
		}
		return cval{code: jen.Qual(pkgCelNative, "SetListEqual").Call(jen.Len(a.code), jen.Len(b.code),
			c.eqFunc(a, a, c.rawEqual), c.eqFunc(a, b, c.rawEqual), c.eqFunc(b, b, c.rawEqual)), typ: tBool}
	case "map":
		if b.schema == nil || b.elems != 0 || len(keys) == 0 {
			unsupported("== of a list map and another list")
		}
		key := func(x, y cval) cval { return c.keyEqual(x, y, keys) }
		return cval{code: jen.Qual(pkgCelNative, "MapListEqual").Call(jen.Len(a.code), jen.Len(b.code),
			c.eqFunc(a, a, key), c.eqFunc(a, b, key), c.eqFunc(b, b, key), c.eqFunc(a, b, c.equal)), typ: tBool}
	}
	// In order, item by item.
	return cval{code: jen.Qual(pkgCelNative, "ListEqual").Call(jen.Len(a.code), jen.Len(b.code), c.eqFunc(a, b, c.equal)), typ: tBool}
}

// scalarItems reports a list whose items are scalars: set equality compares their raw values.
func (c *compiler) scalarItems(l cval) bool {
	if l.elems != 0 {
		return l.elems.scalar() || l.elems == tTimestamp
	}
	if l.node == nil || l.node.Items == nil {
		return false
	}
	items := model.Effective(l.node.Items)
	switch items.Kind {
	case model.KindString, model.KindInteger, model.KindBoolean, model.KindNumber:
		return !l.node.Items.Pointer
	}
	return false
}

// rawEqual is the equality of set items: their raw values (an int and a double are not equal).
func (c *compiler) rawEqual(x, y cval) cval {
	if x.typ != y.typ {
		return cval{code: jen.False(), typ: tBool}
	}
	return c.equal(x, y)
}

// keyEqual compares the key fields of two list-map items: the same fields present, with the same
// values.
func (c *compiler) keyEqual(x, y cval, keys []string) cval {
	if x.typ != tStruct || y.typ != tStruct {
		unsupported("a list map of %s items", x.typ)
	}
	var conds []*jen.Statement
	for _, k := range keys {
		px, _ := c.property(x, k)
		py, _ := c.property(y, k)
		if _, ok := px.Node.ValueType().Underlying().(*gotypes.Basic); !ok || px.Node.Pointer || py.Node.Pointer {
			unsupported("a list map keyed by a field of Go type %s", px.Node.GoType)
		}
		fx, fy := x.code.Clone().Dot(px.GoName), y.code.Clone().Dot(py.GoName)
		conds = append(conds, jen.Parens(c.fieldPresent(x, px).Op("==").Add(c.fieldPresent(y, py))), jen.Parens(fx.Op("==").Add(fy)))
	}
	code := conds[0]
	for _, cd := range conds[1:] {
		code = code.Op("&&").Add(cd)
	}
	return cval{code: jen.Parens(code), typ: tBool}
}

func (c *compiler) mapEqual(a, b cval) cval {
	if a.lit || b.lit {
		unsupported("== of map literals")
	}
	c.mapValuesNotNull(a)
	c.mapValuesNotNull(b)
	k, va := c.temp("k"), c.temp("v")
	stmts, eq := c.infallible(func() cval {
		vb, ok := c.temp("v"), c.temp("ok")
		c.emit(jen.List(jen.Id(vb), jen.Id(ok)).Op(":=").Qual(pkgCelNative, "MapGet").Call(b.code, jen.String().Call(jen.Id(k))))
		c.emit(jen.If(jen.Op("!").Id(ok)).Block(jen.Return(jen.False())))
		return c.equal(c.element(jen.Id(va), a.node.Values, a.schema.AdditionalProperties.Schema),
			c.element(jen.Id(vb), b.node.Values, b.schema.AdditionalProperties.Schema))
	})
	r := c.temp("eq")
	c.emit(jen.Id(r).Op(":=").Len(a.code).Op("==").Len(b.code).Op("&&").Func().Params().Bool().Block(
		jen.For(jen.List(jen.Id(k), jen.Id(va)).Op(":=").Range().Add(a.code)).Block(
			append(stmts, jen.If(jen.Op("!").Parens(eq.code)).Block(jen.Return(jen.False())))...),
		jen.Return(jen.True()),
	).Call())
	return cval{code: jen.Id(r), typ: tBool}
}

// structEqual compares two objects of one schema as the API server does: the same number of
// properties, then property by property (in the order of their names), each present in both or
// in neither, and equal where present. A property the left object cannot read is the error; one
// the right object cannot read is not equal (a scalar's == with an error is false).
func (c *compiler) structEqual(a, b cval) cval {
	if a.root || b.root {
		unsupported("== of whole resources (the API server compares all of metadata)")
	}
	names := make([]string, 0, len(a.schema.Properties))
	for n := range a.schema.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	type field struct {
		pa, pb       *model.Property
		psa, psb     *spec.Schema
		presA, presB string
	}
	var fields []field
	na, nb := c.temp("n"), c.temp("n")
	c.emit(jen.List(jen.Id(na), jen.Id(nb)).Op(":=").List(jen.Lit(0), jen.Lit(0)))
	for _, name := range names {
		pa, psa := c.propertyByJSON(a, name)
		pb, psb := c.propertyByJSON(b, name)
		if pa == nil || pb == nil {
			if pa != pb {
				unsupported("== of objects of different Go types")
			}
			continue // not in the Go type: never present
		}
		f := field{pa: pa, pb: pb, psa: psa, psb: psb, presA: c.temp("p"), presB: c.temp("p")}
		c.emit(jen.List(jen.Id(f.presA), jen.Id(f.presB)).Op(":=").List(c.fieldPresent(a, pa), c.fieldPresent(b, pb)),
			jen.If(jen.Id(f.presA)).Block(jen.Id(na).Op("++")), jen.If(jen.Id(f.presB)).Block(jen.Id(nb).Op("++")))
		fields = append(fields, f)
	}
	r := c.temp("eq")
	c.emit(jen.Id(r).Op(":=").Id(na).Op("==").Id(nb))
	for _, f := range fields {
		var then []jen.Code
		saved := c.out
		c.out = &then
		left := c.let(c.fieldValue(a, f.pa, f.psa)) // may fail: the error is the result
		stmts, right, fallible, slot := c.sub(func() cval { return c.fieldValue(b, f.pb, f.psb) })
		if fallible {
			if !right.typ.scalar() && right.typ != tTimestamp {
				unsupported("== of objects with a %s that may not read", right.typ)
			}
			*slot = *zeroGo(right.typ)
			v, err := c.closureStmts(stmts, right)
			eqStmts, eq := c.infallible(func() cval {
				return c.equal(left, cval{code: jen.Id(v), typ: right.typ, node: right.node, schema: right.schema})
			})
			c.emit(eqStmts...)
			c.emit(jen.Id(r).Op("=").Id(err).Op("==").Nil().Op("&&").Add(eq.code))
		} else {
			c.emit(stmts...)
			eqStmts, eq := c.infallible(func() cval { return c.equal(left, right) })
			c.emit(eqStmts...)
			c.emit(jen.Id(r).Op("=").Add(eq.code))
		}
		c.out = saved
		c.emit(jen.If(jen.Id(r)).Block(
			jen.If(jen.Id(f.presA).Op("!=").Id(f.presB)).Block(jen.Id(r).Op("=").False()).Else().If(jen.Id(f.presA)).Block(then...),
		))
	}
	return cval{code: jen.Id(r), typ: tBool}
}

// propertyByJSON is the field of a struct value with JSON name name, nil when the Go type has none.
func (c *compiler) propertyByJSON(op cval, name string) (*model.Property, *spec.Schema) {
	ps := op.schema.Properties[name]
	p := property(op.node, name)
	if p == nil {
		return nil, nil
	}
	return p, &ps
}

// optionalEqual compares optionals: both none, or both with equal values; an optional is never
// equal to anything else (null included).
func (c *compiler) optionalEqual(a, b cval) cval {
	if a.typ != tOptional || b.typ != tOptional {
		c.discard(a)
		c.discard(b)
		return cval{code: jen.False(), typ: tBool}
	}
	switch {
	case a.elem == nil && b.elem == nil:
		return cval{code: jen.True(), typ: tBool}
	case a.elem == nil:
		return cval{code: jen.Op("!").Parens(b.present.Clone()), typ: tBool}
	case b.elem == nil:
		return cval{code: jen.Op("!").Parens(a.present.Clone()), typ: tBool}
	}
	stmts, eq := c.infallible(func() cval { return c.equal(*a.elem, *b.elem) })
	if len(stmts) > 0 {
		unsupported("== of optionals whose values need statements to compare")
	}
	pa, pb := a.present.Clone(), b.present.Clone()
	return cval{code: jen.Parens(jen.Parens(pa).Op("==").Parens(pb).Op("&&").Parens(jen.Op("!").Parens(a.present.Clone()).Op("||").Add(eq.code))), typ: tBool}
}

// evaluated marks a value whose result is not needed as used, whatever its code (discard marks
// only the variables compiled code declared): its statements were emitted for their errors, and Go
// refuses a variable they declare that is never read.
func (c *compiler) evaluated(v cval) {
	if v.code != nil && v.typ != tType && v.typ != tNull {
		if s := v.code.GoString(); s != "true" && s != "false" && !isTemp(s) {
			c.emit(jen.Id("_").Op("=").Add(v.code.Clone()))
		}
	}
	c.discard(v)
}
