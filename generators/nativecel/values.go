package nativecel

import (
	gotypes "go/types"

	"github.com/dave/jennifer/jen"
	"k8s.io/kube-openapi/pkg/validation/spec"

	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/validation-gen/validation-gen/model"
)

// Values: self, oldSelf, fields, items and map values as compiled code reads them. They mirror
// genruntime/celrt's values.go, which reads them as the API server does: the published schema at
// the place says what CEL sees (formats, int-or-string, list types), the Go type where it is.

// selfVal is self (or, with ident "old", the old value): the generated function receives a
// pointer to the value at the place.
func (c *compiler) selfVal(n *model.Node, s *spec.Schema, ident string) cval {
	return c.dataVal(n, s, jen.Id(ident), true)
}

const (
	pkgMetaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"
	pkgIntstr = "k8s.io/apimachinery/pkg/util/intstr"
)

// namedType reports whether t is the named type pkg.name.
func namedType(t gotypes.Type, pkg, name string) bool {
	n, ok := gotypes.Unalias(t).(*gotypes.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// dataVal is the value of the object given by code, of node n and schema s. With ptr, code is a
// (non-nil) pointer to the value, else the value itself.
func (c *compiler) dataVal(n *model.Node, s *spec.Schema, code *jen.Statement, ptr bool) cval {
	t := n.ValueType()
	eff := model.Effective(n)
	// val is the value, for function arguments and conversions; sel the value, for selectors.
	val := func() *jen.Statement {
		if ptr {
			return jen.Op("*").Add(code.Clone())
		}
		return code.Clone()
	}
	sel := func() *jen.Statement {
		if ptr {
			return jen.Parens(jen.Op("*").Add(code.Clone()))
		}
		return code.Clone()
	}
	if s == nil {
		unsupported("a value without a schema")
	}
	if s.Extensions != nil {
		if b, _ := s.Extensions.GetBool("x-kubernetes-preserve-unknown-fields"); b {
			unsupported("a value with x-kubernetes-preserve-unknown-fields")
		}
		if b, _ := s.Extensions.GetBool("x-kubernetes-embedded-resource"); b {
			unsupported("an embedded resource")
		}
	}
	if s.Nullable {
		unsupported("a nullable value")
	}
	if intOrString(s) {
		switch {
		case isQuantity(t):
			return cval{code: sel(), typ: tQuantityStr, node: eff, schema: s} // its canonical string in CEL
		case namedType(t, pkgIntstr, "IntOrString"):
			return cval{code: sel(), typ: tIntOrString, node: eff, schema: s}
		}
		unsupported("an int-or-string of Go type %s", t)
	}
	switch {
	case namedType(t, pkgMetaV1, "Time"):
		return c.formatted(c.checked(jen.Qual(pkgCelNative, "Time").Call(val()), tTimestamp), s, "date-time")
	case namedType(t, pkgMetaV1, "MicroTime"):
		return c.formatted(c.checked(jen.Qual(pkgCelNative, "MicroTime").Call(val()), tTimestamp), s, "date-time")
	case namedType(t, pkgMetaV1, "Duration"):
		str := cval{code: sel().Dot("Duration").Dot("String").Call(), typ: tString}
		return c.stringVal(str, s)
	case isQuantity(t):
		unsupported("a quantity whose schema is not int-or-string")
	case nullable(t):
		unsupported("a value of Go type %s, which marshals itself", t)
	}
	switch u := t.Underlying().(type) {
	case *gotypes.Struct:
		if typeOf(s) != "object" || len(s.Properties) == 0 {
			unsupported("a struct whose schema has no properties")
		}
		if ptr {
			return cval{code: code, typ: tStruct, node: eff, schema: s}
		}
		return cval{code: code, typ: tStruct, node: eff, schema: s}
	case *gotypes.Slice:
		if b, ok := u.Elem().Underlying().(*gotypes.Basic); ok && b.Kind() == gotypes.Byte {
			if typeOf(s) != "string" || s.Format != "byte" {
				unsupported("a []byte whose schema is not a string of format byte")
			}
			return c.checked(jen.Qual(pkgCelNative, "Bytes").Call(val()), tBytes) // base64 in JSON, bytes in CEL
		}
		if typeOf(s) != "array" || s.Items == nil || s.Items.Schema == nil || eff.Items == nil {
			unsupported("a list without an items schema")
		}
		return cval{code: val(), typ: tList, node: eff, schema: s}
	case *gotypes.Map:
		if typeOf(s) != "object" || len(s.Properties) > 0 || s.AdditionalProperties == nil || s.AdditionalProperties.Schema == nil || eff.Values == nil {
			unsupported("a map without an additionalProperties schema")
		}
		if k, ok := u.Key().Underlying().(*gotypes.Basic); !ok || k.Info()&gotypes.IsString == 0 {
			unsupported("a map with keys of Go type %s", u.Key())
		}
		return cval{code: val(), typ: tMap, node: eff, schema: s}
	case *gotypes.Basic:
		info := u.Info()
		switch {
		case info&gotypes.IsString != 0 && typeOf(s) == "string":
			return c.stringVal(cval{code: convertIf(t, gotypes.String, tString, val()), typ: tString, node: eff}, s)
		case info&gotypes.IsBoolean != 0 && typeOf(s) == "boolean":
			return cval{code: convertIf(t, gotypes.Bool, tBool, val()), typ: tBool, node: eff}
		case info&gotypes.IsInteger != 0 && typeOf(s) == "integer":
			switch u.Kind() {
			case gotypes.Uint, gotypes.Uint64, gotypes.Uintptr:
				return c.checked(jen.Qual(pkgCelNative, "Uint").Call(jen.Uint64().Call(val())), tInt)
			}
			return cval{code: convertIf(t, gotypes.Int64, tInt, val()), typ: tInt, node: eff}
		case u.Kind() == gotypes.Float64 && typeOf(s) == "number":
			return cval{code: convertIf(t, gotypes.Float64, tDouble, val()), typ: tDouble, node: eff}
		}
	}
	unsupported("a value of Go type %s with schema type %q", t, typeOf(s))
	return cval{}
}

// stringVal is a Go string read with its schema: of format duration, date or date-time, CEL
// reads it as the API server parses it.
func (c *compiler) stringVal(str cval, s *spec.Schema) cval {
	switch s.Format {
	case "duration":
		return c.checked(jen.Qual(pkgCelNative, "FormatDuration").Call(str.code), tDuration)
	case "date":
		return c.checked(jen.Qual(pkgCelNative, "FormatDate").Call(str.code), tTimestamp)
	case "date-time":
		return c.checked(jen.Qual(pkgCelNative, "FormatDateTime").Call(str.code), tTimestamp)
	case "byte":
		return c.checked(jen.Qual(pkgCelNative, "FormatBytes").Call(str.code), tBytes)
	}
	return str
}

// readMayFail reports a schema at which the API server's reading of a value may fail: a string
// of a format CEL parses (duration, date, date-time, byte). The server reads a value wherever it
// finds one (UnstructuredToVal), even for has() of a field or a map key and for in on a map: a
// value that does not parse is the error of those too.
func readMayFail(s *spec.Schema) bool {
	if s == nil || typeOf(s) != "string" || intOrString(s) {
		return false
	}
	switch s.Format {
	case "duration", "date", "date-time", "byte":
		return true
	}
	return false
}

// when emits the statements f emits under the condition cond (nothing when f emits none).
func (c *compiler) when(cond *jen.Statement, f func()) {
	if body := c.block(f); len(body) > 0 {
		c.emit(jen.If(cond).Block(body...))
	}
}

// block is the statements f emits, for the caller to place (exits return c.zero, as in the
// current function).
func (c *compiler) block(f func()) []jen.Code {
	var body []jen.Code
	saved := c.out
	c.out = &body
	f()
	c.out = saved
	return body
}

// formatted checks that a Go time is published as the format CEL reads it with.
func (c *compiler) formatted(v cval, s *spec.Schema, format string) cval {
	if typeOf(s) != "string" || s.Format != format {
		unsupported("a time whose schema is not a string of format %s", format)
	}
	return v
}

func intOrString(s *spec.Schema) bool {
	b, _ := s.Extensions.GetBool("x-kubernetes-int-or-string")
	return b
}

func typeOf(s *spec.Schema) string {
	if len(s.Type) == 0 {
		return ""
	}
	return s.Type[0]
}

// convertIf converts a Go value of type t to the Go type of a CEL value, unless it has that type.
func convertIf(t gotypes.Type, kind gotypes.BasicKind, ct ctype, code *jen.Statement) *jen.Statement {
	if b, ok := gotypes.Unalias(t).(*gotypes.Basic); ok && b.Kind() == kind {
		return code
	}
	if ct == tDouble {
		return jen.Float64().Call(code)
	}
	return convertC(ct, code)
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

// item is item i (a Go int expression) of a list value.
func (c *compiler) item(l cval, i *jen.Statement) cval {
	switch {
	case l.elems != 0:
		return cval{code: jen.Add(l.code).Index(i), typ: l.elems}
	case l.lit:
		unsupported("an item of a list literal")
	}
	return c.element(jen.Parens(l.code.Clone()).Index(i), l.node.Items, l.schema.Items.Schema)
}

// element is a list item or map value given by code, of node n and schema s. A nil pointer is
// null there: an error (the schema is not nullable).
func (c *compiler) element(code *jen.Statement, n *model.Node, s *spec.Schema) cval {
	if n.Pointer {
		c.fail(code.Clone().Op("==").Nil(), jen.Qual(pkgCelNative, "ErrNull"))
		return c.dataVal(n, s, code, true)
	}
	return c.dataVal(n, s, code, false)
}

// property finds the field a struct value's CEL name selects, with its schema.
func (c *compiler) property(op cval, name string) (*model.Property, *spec.Schema) {
	json, ok := apiservercel.Unescape(name)
	if !ok {
		unsupported("the field %s", name)
	}
	ps, ok := op.schema.Properties[json]
	if !ok {
		unsupported("the field %s, which the schema does not have", json)
	}
	if op.root && json == "metadata" {
		ps = metadataSchema // as the API server types it at a resource root
	}
	p := property(op.node, json)
	if p == nil {
		unsupported("the field %s", json)
	}
	return p, &ps
}

// metadataSchema is what rules see of the metadata at a resource root: name and generateName.
var metadataSchema = spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"object"}, Properties: map[string]spec.Schema{
	"name":         {SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}},
	"generateName": {SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}},
}}}

// fieldPresent is the condition under which the API server sees the field p of the struct
// value op (see fieldPresence), with the embedded pointers it is promoted through.
func (c *compiler) fieldPresent(op cval, p *model.Property) *jen.Statement {
	present, ok := fieldPresence(p, op.code.Clone().Dot(p.GoName))
	if !ok {
		unsupported("the presence of the field %s", p.Name)
	}
	for i := len(p.Via) - 1; i >= 0; i-- {
		via := op.code.Clone()
		for _, sel := range splitDots(p.Via[i]) {
			via = via.Dot(sel)
		}
		present = via.Op("!=").Nil().Op("&&").Add(present)
	}
	if present.GoString() == "true" {
		return present
	}
	return jen.Parens(present)
}

func splitDots(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

func isStructLike(t ctype) bool { return t == tStruct || t == tMeta }

func (c *compiler) has(op cval, name string) cval {
	switch {
	case isStructLike(op.typ):
		p, ps := c.property(op, name)
		present := c.fieldPresent(op, p)
		if !readMayFail(ps) {
			return cval{code: jen.Parens(present), typ: tBool}
		}
		r := c.temp("ok")
		c.emit(jen.Id(r).Op(":=").Add(present))
		c.when(jen.Id(r), func() { c.evaluated(c.fieldValue(op, p, ps)) })
		return cval{code: jen.Id(r), typ: tBool}
	case op.typ == tMap:
		return c.mapHas(op, cval{code: jen.Lit(name), typ: tString})
	}
	unsupported("has() on a %s", op.typ)
	return cval{}
}

// mapHas is whether the map m has the key k (has(m.k), k in m): the API server reads the value
// it finds.
func (c *compiler) mapHas(m, k cval) cval {
	c.mapValuesNotNull(m)
	vs := m.schema.AdditionalProperties.Schema
	v, r := c.temp("v"), c.temp("ok")
	var read []jen.Code
	if readMayFail(vs) {
		read = c.block(func() { c.evaluated(c.element(jen.Id(v), m.node.Values, vs)) })
	}
	if len(read) == 0 {
		v = "_"
	}
	c.emit(jen.List(jen.Id(v), jen.Id(r)).Op(":=").Qual(pkgCelNative, "MapGet").Call(m.code, k.code))
	if len(read) > 0 {
		c.emit(jen.If(jen.Id(r)).Block(read...))
	}
	return cval{code: jen.Id(r), typ: tBool}
}

// mapValuesNotNull refuses maps whose values may be null: the API server drops those keys.
func (c *compiler) mapValuesNotNull(m cval) {
	if m.node.Values.Pointer || nullable(m.node.Values.ValueType()) {
		unsupported("a map whose values may be null")
	}
	switch m.node.Values.ValueType().Underlying().(type) {
	case *gotypes.Slice, *gotypes.Map, *gotypes.Interface:
		unsupported("a map whose values may be null")
	}
}

func (c *compiler) selectField(op cval, name string) cval {
	switch {
	case op.typ == tMap:
		return c.mapIndex(op, cval{code: jen.Lit(name), typ: tString})
	case isStructLike(op.typ):
	default:
		unsupported("selecting a field of a %s", op.typ)
	}
	p, ps := c.property(op, name)
	present := c.fieldPresent(op, p)
	if present.GoString() != "true" {
		c.fail(jen.Op("!").Parens(present), jen.Qual(pkgCelNative, "NoSuchKey").Call(jen.Lit(name)))
	}
	return c.fieldValue(op, p, ps)
}

// fieldValue is the value of a field known to be present.
func (c *compiler) fieldValue(op cval, p *model.Property, ps *spec.Schema) cval {
	f := op.code.Clone().Dot(p.GoName)
	v := c.dataVal(p.Node, ps, f, p.Node.Pointer)
	if op.root && p.Name == "metadata" {
		v.typ = tMeta
	}
	return v
}

func (c *compiler) mapIndex(m, k cval) cval {
	if k.typ != tString {
		unsupported("a map key of type %s", k.typ)
	}
	c.mapValuesNotNull(m)
	v, ok := c.temp("v"), c.temp("ok")
	c.emit(jen.List(jen.Id(v), jen.Id(ok)).Op(":=").Qual(pkgCelNative, "MapGet").Call(m.code, k.code))
	c.fail(jen.Op("!").Id(ok), jen.Qual(pkgCelNative, "NoSuchKey").Call(k.code))
	return c.element(jen.Id(v), m.node.Values, m.schema.AdditionalProperties.Schema)
}

// optSelect compiles x.?f on a struct or an optional struct: an optional that holds the field
// when it is present (never an error).
func (c *compiler) optSelect(x cval, name string) cval {
	var present *jen.Statement
	if x.typ == tOptional {
		if x.elem == nil {
			unsupported("?. on optional.none()")
		}
		present, x = x.present, *x.elem
	}
	if !isStructLike(x.typ) {
		unsupported("?. on a %s", x.typ)
	}
	p, ps := c.property(x, name)
	has := c.fieldPresent(x, p)
	if present != nil {
		has = jen.Parens(present.Clone()).Op("&&").Parens(has)
	}
	// The field's value, read only where the optional has it (orValue, value guard it).
	saved := c.out
	var none []jen.Code
	c.out = &none
	fails := c.fails
	v := c.fieldValue(x, p, ps)
	c.out = saved
	if len(none) > 0 || c.fails != fails {
		unsupported("?. of a field that needs statements")
	}
	return cval{typ: tOptional, present: jen.Parens(has), elem: &v}
}
