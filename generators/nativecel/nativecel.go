// Package nativecel compiles CEL rules to Go. Compile (compile.go) translates a rule in the native
// subset into Go that computes exactly what cel-go computes for it, its result or its error and
// its messageExpression, from the API server's type-check of the rule at its place and the values
// as the server reads them; Rule (this file) translates a rule Compile cannot take into a predicate
// that is true only when the rule certainly holds, so that valid values skip cel-go. Both take a
// rule and the model node it sits on and give Go code (jennifer statements); declaring
// package-level values is left to the caller (Decls).
package nativecel

import (
	"strings"

	gotypes "go/types"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	apiservercel "k8s.io/apiserver/pkg/cel"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/model"
)

// The predicate of a rule that does not compile (Rule).
//
// A rule whose expression stays within a small subset (field selection, has(), literals, !, &&, ||,
// ?:, comparisons of ints, strings and booleans, size(), startsWith/endsWith/contains, and the all()
// macro over lists) is translated into a Go predicate that is true only when the rule is certainly
// true for the value. Generated validators evaluate the predicate first and run the rule in CEL
// only when it is not certainly true: an invalid value, or a case the predicate cannot decide
// (an absent field CEL would fail on). So the errors always come from CEL, exactly as before, and
// valid objects never pay for CEL. The translation only has to be sound one way: predicate true
// implies CEL true (celnative_test.go checks that on random values).

// celType is the CEL type of a translated value.
type celType int

const (
	celBool celType = iota + 1
	celInt
	celString
	celList
	celStruct
	celOptional    // optional oldSelf: elem holds the old value, defined when there is one
	celQuantity    // a resource.Quantity value (addressable Go expression)
	celQuantityStr // string(q) of a Quantity: only quantity() may take it back
)

func isQuantity(t gotypes.Type) bool {
	n, ok := gotypes.Unalias(t).(*gotypes.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/api/resource" && n.Obj().Name() == "Quantity"
}

// nativeVal is a translated value: Go code for it, the condition under which CEL would find it
// (nil: always), its type and, for lists and structs, the model node describing it.
type nativeVal struct {
	code    *jen.Statement
	defined *jen.Statement
	typ     celType
	node    *model.Node
	elem    *nativeVal // for celOptional
}

// Quantities declares the package-level resource.Quantity values that translated code compares
// with: QuantityVar returns the name of a variable holding the quantity a literal spells (declared
// once per literal), or false when the literal does not parse as CEL's quantity() parses it.
type Quantities interface {
	QuantityVar(lit string) (name string, ok bool)
}

type nativeTranslator struct {
	q    Quantities
	vars map[string]nativeVal // comprehension variables in scope
	n    int
}

// Rule translates r (at a place described by n, whose Go value is reached through the pointer
// self, and on update the old value through the pointer old) into a condition that is true only
// when the rule certainly holds; ok is false when the rule is outside the subset. compat selects
// the CEL environment the rule is parsed in.
func Rule(r model.Rule, n *model.Node, compat *version.Version, q Quantities) (cond *jen.Statement, ok bool) {
	env := celenv.EnvSet(compat).NewExpressionsEnv()
	ast, iss := env.Parse(r.Rule)
	if iss != nil && iss.Err() != nil {
		return nil, false
	}
	t := &nativeTranslator{q: q, vars: map[string]nativeVal{}}
	defer func() {
		if recover() != nil { // an unexpected shape: keep the rule in CEL
			cond, ok = nil, false
		}
	}()
	self, ok := t.selfVal(n, "self")
	if !ok {
		return nil, false
	}
	t.vars["self"] = self
	if r.IsTransition() {
		old, ok := t.selfVal(n, "old")
		if !ok {
			return nil, false
		}
		old.defined = jen.Id("old").Op("!=").Nil()
		if r.OptionalOldSelf {
			t.vars["oldSelf"] = nativeVal{typ: celOptional, elem: &old}
		} else {
			t.vars["oldSelf"] = old
		}
	}
	cond, ok = t.truth(ast.NativeRep().Expr(), true)
	if ok && r.IsTransition() && !r.OptionalOldSelf {
		cond = jen.Id("old").Op("==").Nil().Op("||").Parens(cond) // without an old value it does not run
	}
	return cond, ok
}

// selfVal is self (or, with ident "old", the old value) as the generated function receives it.
func (t *nativeTranslator) selfVal(n *model.Node, ident string) (nativeVal, bool) {
	eff := model.Effective(n)
	if isQuantity(n.ValueType()) {
		return nativeVal{code: jen.Parens(jen.Op("*").Id(ident)), typ: celQuantity, node: eff}, true
	}
	switch eff.Kind {
	case model.KindObject:
		return nativeVal{code: jen.Id(ident), typ: celStruct, node: eff}, true
	case model.KindList:
		return nativeVal{code: jen.Op("*").Id(ident), typ: celList, node: eff}, true
	}
	if typ, ok := scalarType(eff); ok {
		return nativeVal{code: convert(typ, jen.Op("*").Id(ident)), typ: typ, node: eff}, true
	}
	return nativeVal{}, false
}

func scalarType(n *model.Node) (celType, bool) {
	if _, ok := n.ValueType().Underlying().(*gotypes.Basic); !ok {
		return 0, false // a Go struct with a scalar schema (metav1.Time, Duration): not a Go scalar
	}
	switch n.Kind {
	case model.KindString:
		switch {
		case n.Ref != nil:
			return 0, false // Time, Quantity: not plain strings in CEL
		case celTyped(n.Format), n.V.Format != nil && celTyped(n.V.Format.Name):
			return 0, false // CEL types these strings as bytes, durations and timestamps
		}
		return celString, true
	case model.KindInteger:
		return celInt, true
	case model.KindBoolean:
		return celBool, true
	}
	return 0, false
}

// celTyped reports the string formats that CEL types as something else than a string.
func celTyped(format string) bool {
	switch format {
	case "byte", "duration", "date", "date-time", "datetime":
		return true
	}
	return false
}

func convert(typ celType, code *jen.Statement) *jen.Statement {
	switch typ {
	case celInt:
		return jen.Int64().Call(code)
	case celString:
		return jen.String().Call(code)
	case celBool:
		return jen.Bool().Call(code)
	}
	return code
}

func and(a, b *jen.Statement) *jen.Statement {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return jen.Parens(a).Op("&&").Parens(b)
}

// truth returns the condition under which e certainly evaluates to want (true or false).
func (t *nativeTranslator) truth(e celast.Expr, want bool) (*jen.Statement, bool) {
	switch e.Kind() {
	case celast.LiteralKind:
		b, ok := e.AsLiteral().(types.Bool)
		if !ok {
			return nil, false
		}
		if bool(b) == want {
			return jen.True(), true
		}
		return jen.False(), true
	case celast.SelectKind:
		sel := e.AsSelect()
		if sel.IsTestOnly() { // has(x.f)
			op, ok := t.value(sel.Operand())
			if !ok || op.typ != celStruct {
				return nil, false
			}
			present, ok := t.presence(op, sel.FieldName())
			if !ok {
				return nil, false
			}
			if !want {
				present = jen.Op("!").Parens(present)
			}
			return and(op.defined, present), true
		}
	case celast.CallKind:
		call := e.AsCall()
		args := call.Args()
		switch call.FunctionName() {
		case operators.LogicalNot:
			return t.truth(args[0], !want)
		case operators.LogicalAnd, operators.LogicalOr:
			a, ok1 := t.truth(args[0], want)
			b, ok2 := t.truth(args[1], want)
			if !ok1 || !ok2 {
				return nil, false
			}
			if (call.FunctionName() == operators.LogicalAnd) == want {
				return jen.Parens(a).Op("&&").Parens(b), true // both must be decided
			}
			return jen.Parens(a).Op("||").Parens(b), true // either decides
		case operators.Conditional:
			c1, ok1 := t.truth(args[0], true)
			c0, ok2 := t.truth(args[0], false)
			x, ok3 := t.truth(args[1], want)
			y, ok4 := t.truth(args[2], want)
			if !ok1 || !ok2 || !ok3 || !ok4 {
				return nil, false
			}
			return jen.Parens(jen.Parens(c1).Op("&&").Parens(x)).Op("||").Parens(jen.Parens(c0).Op("&&").Parens(y)), true
		case operators.Equals, operators.NotEquals, operators.Less, operators.LessEquals, operators.Greater, operators.GreaterEquals:
			a, ok1 := t.value(args[0])
			b, ok2 := t.value(args[1])
			if !ok1 || !ok2 || a.typ != b.typ || a.typ == celList || a.typ == celStruct {
				return nil, false
			}
			op := map[string]string{operators.Equals: "==", operators.NotEquals: "!=", operators.Less: "<",
				operators.LessEquals: "<=", operators.Greater: ">", operators.GreaterEquals: ">="}[call.FunctionName()]
			if a.typ == celBool && op != "==" && op != "!=" {
				return nil, false
			}
			cmp := jen.Add(a.code).Op(op).Add(b.code)
			if !want {
				cmp = jen.Op("!").Parens(cmp)
			}
			return and(and(a.defined, b.defined), cmp), true
		case "isGreaterThan", "isLessThan":
			if !call.IsMemberFunction() || len(args) != 1 {
				return nil, false
			}
			a, ok1 := t.value(call.Target())
			b, ok2 := t.value(args[0])
			if !ok1 || !ok2 || a.typ != celQuantity || b.typ != celQuantity {
				return nil, false
			}
			op := ">"
			if call.FunctionName() == "isLessThan" {
				op = "<"
			}
			if !want {
				op = map[string]string{">": "<=", "<": ">="}[op]
			}
			return and(and(a.defined, b.defined), a.code.Clone().Dot("Cmp").Call(b.code).Op(op).Lit(0)), true
		case "hasValue":
			if !call.IsMemberFunction() || len(args) != 0 {
				return nil, false
			}
			opt, ok := t.value(call.Target())
			if !ok || opt.typ != celOptional {
				return nil, false
			}
			if want {
				return opt.elem.defined.Clone(), true
			}
			return jen.Op("!").Parens(opt.elem.defined.Clone()), true
		case "startsWith", "endsWith", "contains":
			if !call.IsMemberFunction() || len(args) != 1 {
				return nil, false
			}
			recv, ok1 := t.value(call.Target())
			arg, ok2 := t.value(args[0])
			if !ok1 || !ok2 || recv.typ != celString || arg.typ != celString {
				return nil, false
			}
			fn := map[string]string{"startsWith": "HasPrefix", "endsWith": "HasSuffix", "contains": "Contains"}[call.FunctionName()]
			res := jen.Qual("strings", fn).Call(recv.code, arg.code)
			if !want {
				res = jen.Op("!").Add(res)
			}
			return and(and(recv.defined, arg.defined), res), true
		}
	case celast.ComprehensionKind:
		return t.all(e.AsComprehension(), want)
	}
	v, ok := t.value(e)
	if !ok || v.typ != celBool {
		return nil, false
	}
	res := v.code
	if !want {
		res = jen.Op("!").Add(v.code)
	}
	return and(v.defined, res), true
}

// all translates the expansion of list.all(x, body) when want is true: the list is there and the
// body certainly holds for every item.
func (t *nativeTranslator) all(c celast.ComprehensionExpr, want bool) (*jen.Statement, bool) {
	if !want || c.HasIterVar2() || !isAllMacro(c) {
		return nil, false
	}
	list, ok := t.value(c.IterRange())
	if !ok || list.typ != celList || list.node == nil || list.node.Items == nil {
		return nil, false
	}
	item := model.Effective(list.node.Items)
	t.n++
	iv := "it" + strings.Repeat("_", t.n)
	var itemVal nativeVal
	switch item.Kind {
	case model.KindObject:
		itemVal = nativeVal{code: jen.Parens(list.code.Clone()).Index(jen.Id(iv)), typ: celStruct, node: item}
	default:
		typ, ok := scalarType(item)
		if !ok || item.Pointer {
			return nil, false
		}
		itemVal = nativeVal{code: convert(typ, jen.Parens(list.code.Clone()).Index(jen.Id(iv))), typ: typ, node: item}
	}
	saved, had := t.vars[c.IterVar()]
	t.vars[c.IterVar()] = itemVal
	body, ok := t.truth(c.LoopStep().AsCall().Args()[1], true)
	if had {
		t.vars[c.IterVar()] = saved
	} else {
		delete(t.vars, c.IterVar())
	}
	if !ok {
		return nil, false
	}
	loop := jen.Func().Params().Bool().Block(
		jen.For(jen.Id(iv).Op(":=").Range().Add(list.code.Clone())).Block(
			jen.If(jen.Op("!").Parens(body)).Block(jen.Return(jen.False()))),
		jen.Return(jen.True()),
	).Call()
	return and(list.defined, loop), true
}

// isAllMacro recognizes the comprehension the all() macro expands to.
func isAllMacro(c celast.ComprehensionExpr) bool {
	init := c.AccuInit()
	if init.Kind() != celast.LiteralKind || init.AsLiteral() != types.True {
		return false
	}
	cond := c.LoopCondition()
	if cond.Kind() != celast.CallKind || cond.AsCall().FunctionName() != operators.NotStrictlyFalse {
		return false
	}
	step := c.LoopStep()
	if step.Kind() != celast.CallKind || step.AsCall().FunctionName() != operators.LogicalAnd {
		return false
	}
	a := step.AsCall().Args()
	return a[0].Kind() == celast.IdentKind && a[0].AsIdent() == c.AccuVar() &&
		c.Result().Kind() == celast.IdentKind && c.Result().AsIdent() == c.AccuVar()
}

// value translates a non-boolean-operator expression to a Go value.
func (t *nativeTranslator) value(e celast.Expr) (nativeVal, bool) {
	switch e.Kind() {
	case celast.IdentKind:
		v, ok := t.vars[e.AsIdent()]
		return v, ok
	case celast.LiteralKind:
		switch l := e.AsLiteral().(type) {
		case types.Int:
			return nativeVal{code: jen.Int64().Call(jen.Lit(int64(l))), typ: celInt}, true
		case types.String:
			return nativeVal{code: jen.Lit(string(l)), typ: celString}, true
		case types.Bool:
			return nativeVal{code: jen.Lit(bool(l)), typ: celBool}, true
		}
	case celast.SelectKind:
		sel := e.AsSelect()
		if sel.IsTestOnly() {
			return nativeVal{}, false
		}
		op, ok := t.value(sel.Operand())
		if !ok || op.typ != celStruct {
			return nativeVal{}, false
		}
		return t.field(op, sel.FieldName())
	case celast.CallKind:
		call := e.AsCall()
		if call.FunctionName() == "value" && call.IsMemberFunction() && len(call.Args()) == 0 {
			opt, ok := t.value(call.Target())
			if !ok || opt.typ != celOptional {
				return nativeVal{}, false
			}
			return *opt.elem, true
		}
		if call.FunctionName() == "string" && !call.IsMemberFunction() && len(call.Args()) == 1 {
			v, ok := t.value(call.Args()[0])
			if ok && v.typ == celQuantity {
				v.typ = celQuantityStr
				return v, true
			}
			return nativeVal{}, false
		}
		if call.FunctionName() == "quantity" && !call.IsMemberFunction() && len(call.Args()) == 1 {
			arg := call.Args()[0]
			if arg.Kind() == celast.LiteralKind {
				lit, ok := arg.AsLiteral().(types.String)
				if !ok {
					return nativeVal{}, false
				}
				name, ok := t.q.QuantityVar(string(lit))
				if !ok {
					return nativeVal{}, false
				}
				return nativeVal{code: jen.Id(name), typ: celQuantity}, true
			}
			v, ok := t.value(arg)
			if ok && v.typ == celQuantityStr {
				v.typ = celQuantity
				return v, true
			}
			return nativeVal{}, false
		}
		if call.FunctionName() == "size" {
			var x celast.Expr
			switch {
			case call.IsMemberFunction() && len(call.Args()) == 0:
				x = call.Target()
			case !call.IsMemberFunction() && len(call.Args()) == 1:
				x = call.Args()[0]
			default:
				return nativeVal{}, false
			}
			v, ok := t.value(x)
			if !ok {
				return nativeVal{}, false
			}
			switch v.typ {
			case celString:
				return nativeVal{code: jen.Int64().Call(jen.Qual("unicode/utf8", "RuneCountInString").Call(v.code)), defined: v.defined, typ: celInt}, true
			case celList:
				return nativeVal{code: jen.Int64().Call(jen.Len(v.code)), defined: v.defined, typ: celInt}, true
			}
		}
	}
	return nativeVal{}, false
}

// property finds the field of a struct value that CEL calls name (escaped JSON name).
func property(n *model.Node, name string) *model.Property {
	json, ok := apiservercel.Unescape(name)
	if !ok {
		return nil
	}
	for _, p := range n.Properties {
		if p.Name == json && !p.AsString {
			return p
		}
	}
	return nil
}

// presence is the condition under which CEL sees a struct's field: as the API server sees the
// JSON of the struct (genruntime/celrt's values.go), a field is absent when encoding/json leaves it
// out (omitempty and empty, omitzero and zero) or writes null (a nil pointer, slice or map, a zero
// metav1.Time).
func (t *nativeTranslator) presence(op nativeVal, name string) (*jen.Statement, bool) {
	p := property(op.node, name)
	if p == nil || len(p.Via) > 0 { // promoted through an embedded pointer: left to CEL
		return nil, false
	}
	if n := model.Effective(p.Node); isTime(p.Node.ValueType()) || n.Kind == model.KindString && (celTyped(n.Format) || n.V.Format != nil && celTyped(n.V.Format.Name)) {
		return nil, false // the server reads a value it finds, and the reading may fail (has() too)
	}
	return fieldPresence(p, op.code.Clone().Dot(p.GoName))
}

// fieldPresence is the condition under which the JSON of a struct has the property p, non-null,
// given the Go expression f of the field.
func fieldPresence(p *model.Property, f *jen.Statement) (*jen.Statement, bool) {
	n := p.Node
	t := n.GoType
	if ptr, ok := gotypes.Unalias(t).(*gotypes.Pointer); ok {
		if isTime(ptr.Elem()) {
			return f.Clone().Op("!=").Nil().Op("&&").Op("!").Add(f.Clone()).Dot("IsZero").Call(), true
		}
		if nullable(ptr.Elem()) {
			return nil, false // a pointer to a value that may marshal as null
		}
		return f.Op("!=").Nil(), true
	}
	if isTime(t) {
		return jen.Op("!").Add(f).Dot("IsZero").Call(), true // a zero time is null
	}
	if nullable(t) {
		return nil, false
	}
	switch u := t.Underlying().(type) {
	case *gotypes.Slice, *gotypes.Map:
		if p.OmitEmpty {
			return jen.Len(f).Op("!=").Lit(0), true
		}
		return f.Op("!=").Nil(), true
	case *gotypes.Basic:
		if !p.OmitEmpty && !p.OmitZero {
			return jen.True(), true
		}
		switch {
		case u.Info()&gotypes.IsBoolean != 0:
			return f, true
		case u.Info()&gotypes.IsString != 0:
			return f.Op("!=").Lit(""), true
		case u.Info()&gotypes.IsNumeric != 0:
			return f.Op("!=").Lit(0), true
		}
	case *gotypes.Struct:
		if p.OmitZero {
			return nil, false
		}
		return jen.True(), true // encoding/json never omits a struct
	}
	return nil, false
}

// isTime reports metav1.Time and MicroTime, which marshal as null when zero.
func isTime(t gotypes.Type) bool {
	n, ok := gotypes.Unalias(t).(*gotypes.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "k8s.io/apimachinery/pkg/apis/meta/v1" {
		return false
	}
	return n.Obj().Name() == "Time" || n.Obj().Name() == "MicroTime"
}

// nullable reports a type some of whose values marshal as JSON null though they are no nil
// pointer, slice or map: metav1.Time and MicroTime (zero), and any other type with its own
// MarshalJSON or MarshalText, except those known never to be null (IntOrString, Quantity,
// metav1.Duration).
func nullable(t gotypes.Type) bool {
	n, ok := gotypes.Unalias(t).(*gotypes.Named)
	if !ok {
		return false
	}
	if pkg := n.Obj().Pkg(); pkg != nil {
		switch pkg.Path() + "." + n.Obj().Name() {
		case "k8s.io/apimachinery/pkg/util/intstr.IntOrString", "k8s.io/apimachinery/pkg/api/resource.Quantity",
			"k8s.io/apimachinery/pkg/apis/meta/v1.Duration":
			return false
		case "k8s.io/apimachinery/pkg/apis/meta/v1.Time", "k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime":
			return true
		}
	}
	ms := gotypes.NewMethodSet(gotypes.NewPointer(n))
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		if ms.Lookup(nil, m) != nil {
			return true
		}
	}
	return false
}

// field translates the selection of a struct's field.
func (t *nativeTranslator) field(op nativeVal, name string) (nativeVal, bool) {
	p := property(op.node, name)
	if p == nil {
		return nativeVal{}, false
	}
	present, ok := t.presence(op, name)
	if !ok {
		return nativeVal{}, false
	}
	defined := and(op.defined, present)
	if present.GoString() == "true" {
		defined = op.defined
	}
	n := model.Effective(p.Node)
	f := op.code.Clone().Dot(p.GoName)
	if isQuantity(p.Node.ValueType()) {
		if p.Node.Pointer {
			return nativeVal{code: jen.Parens(jen.Op("*").Add(f)), defined: defined, typ: celQuantity, node: n}, true
		}
		return nativeVal{code: f, defined: defined, typ: celQuantity, node: n}, true
	}
	switch n.Kind {
	case model.KindObject:
		// Struct values stay addressable expressions: field selection works on values and pointers.
		return nativeVal{code: f, defined: defined, typ: celStruct, node: n}, true
	case model.KindList:
		if p.Node.Pointer {
			return nativeVal{}, false
		}
		return nativeVal{code: f, defined: defined, typ: celList, node: n}, true
	}
	typ, ok := scalarType(n)
	if !ok {
		return nativeVal{}, false
	}
	if p.Node.Pointer {
		return nativeVal{code: convert(typ, jen.Op("*").Add(f)), defined: defined, typ: typ, node: n}, true
	}
	return nativeVal{code: convert(typ, f), defined: defined, typ: typ, node: n}, true
}
