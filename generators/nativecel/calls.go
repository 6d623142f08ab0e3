package nativecel

import (
	"math"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
)

// Expressions: literals, variables, selection and operators. Functions are in strings.go,
// lists.go, times.go and libs.go.

const pkgCelNative = "github.com/validation-gen/validation-gen/genruntime/celnative"

// expr compiles e.
func (c *compiler) expr(e celast.Expr) cval {
	c.at = append(c.at, e)
	v := c.expr1(e)
	c.at = c.at[:len(c.at)-1]
	if v.t == nil {
		v.t = c.typeOf(e)
	}
	return v
}

func (c *compiler) expr1(e celast.Expr) cval {
	switch e.Kind() {
	case celast.LiteralKind:
		return c.literal(e.AsLiteral())
	case celast.IdentKind:
		v, ok := c.vars[e.AsIdent()]
		if !ok {
			if t := c.typeOf(e); t.Kind() == types.TypeKind && len(t.Parameters()) == 1 {
				return cval{code: jen.Lit(t.Parameters()[0].TypeName()), typ: tType} // a type: int, string, ...
			}
			unsupported("the variable %s", e.AsIdent())
		}
		return v
	case celast.SelectKind:
		sel := e.AsSelect()
		if sel.Operand().Kind() == celast.IdentKind || sel.Operand().Kind() == celast.SelectKind {
			if _, isVar := c.vars[qualifiedName(sel.Operand())]; !isVar && c.ast.GetType(sel.Operand().ID()) == nil {
				unsupported("the name %s.%s", qualifiedName(sel.Operand()), sel.FieldName())
			}
		}
		op := c.expr(sel.Operand())
		if sel.IsTestOnly() {
			return c.has(op, sel.FieldName())
		}
		return c.selectField(op, sel.FieldName())
	case celast.ListKind:
		l := e.AsList()
		var lits []cval
		for i, x := range l.Elements() {
			if l.IsOptional(int32(i)) {
				unsupported("optional list elements")
			}
			lits = append(lits, c.expr(x))
		}
		return cval{typ: tList, lits: lits, lit: true}
	case celast.MapKind:
		return c.mapLiteral(e.AsMap())
	case celast.StructKind:
		unsupported("an object literal")
	case celast.CallKind:
		return c.call(e)
	case celast.ComprehensionKind:
		return c.comprehension(e.AsComprehension())
	}
	unsupported("this kind of expression")
	return cval{}
}

func qualifiedName(e celast.Expr) string {
	switch e.Kind() {
	case celast.IdentKind:
		return e.AsIdent()
	case celast.SelectKind:
		return qualifiedName(e.AsSelect().Operand()) + "." + e.AsSelect().FieldName()
	}
	return ""
}

func (c *compiler) literal(l any) cval {
	switch l := l.(type) {
	case types.Bool:
		return cval{code: jen.Lit(bool(l)), typ: tBool}
	case types.Int:
		return cval{code: jen.Lit(int64(l)), typ: tInt}
	case types.Uint:
		return cval{code: jen.Lit(uint64(l)), typ: tUint}
	case types.Double:
		f := float64(l)
		switch {
		case math.IsInf(f, 1):
			return cval{code: jen.Qual("math", "Inf").Call(jen.Lit(1)), typ: tDouble}
		case math.IsInf(f, -1):
			return cval{code: jen.Qual("math", "Inf").Call(jen.Lit(-1)), typ: tDouble}
		case math.IsNaN(f):
			return cval{code: jen.Qual("math", "NaN").Call(), typ: tDouble}
		case f == 0 && math.Signbit(f):
			return cval{code: jen.Qual("math", "Copysign").Call(jen.Lit(0.0), jen.Lit(-1.0)), typ: tDouble}
		}
		return cval{code: jen.Lit(f), typ: tDouble}
	case types.String:
		return cval{code: jen.Lit(string(l)), typ: tString}
	case types.Null:
		return cval{code: jen.Nil(), typ: tNull}
	}
	unsupported("a literal of type %T", l)
	return cval{}
}

var comparisons = map[string]string{operators.Equals: "==", operators.NotEquals: "!=", operators.Less: "<",
	operators.LessEquals: "<=", operators.Greater: ">", operators.GreaterEquals: ">="}

var arith = map[string]string{operators.Add: "AddInt", operators.Subtract: "SubInt", operators.Multiply: "MulInt",
	operators.Divide: "DivInt", operators.Modulo: "ModInt"}

var uarith = map[string]string{operators.Add: "AddUint", operators.Subtract: "SubUint", operators.Multiply: "MulUint",
	operators.Divide: "DivUint", operators.Modulo: "ModUint"}

func (c *compiler) call(e celast.Expr) cval {
	call := e.AsCall()
	args := call.Args()
	fn := call.FunctionName()
	switch fn {
	case operators.LogicalAnd, operators.LogicalOr:
		return c.logical(fn == operators.LogicalOr, args[0], args[1])
	case operators.LogicalNot:
		v := c.want(c.expr(args[0]), tBool)
		return cval{code: jen.Op("!").Parens(v.code), typ: tBool}
	case operators.Conditional:
		return c.conditional(args[0], args[1], args[2])
	case operators.Equals, operators.NotEquals:
		eq := c.equal(c.expr(args[0]), c.expr(args[1]))
		if fn == operators.NotEquals {
			eq.code = jen.Op("!").Add(eq.code)
		}
		return eq
	case operators.Less, operators.LessEquals, operators.Greater, operators.GreaterEquals:
		return c.compare(comparisons[fn], c.expr(args[0]), c.expr(args[1]))
	case operators.Add, operators.Subtract, operators.Multiply, operators.Divide, operators.Modulo:
		return c.arithmetic(fn, c.expr(args[0]), c.expr(args[1]))
	case operators.Negate:
		a := c.expr(args[0])
		switch a.typ {
		case tInt:
			return c.checked(jen.Qual(pkgCelNative, "NegInt").Call(a.code), tInt)
		case tDouble:
			return cval{code: jen.Qual(pkgCelNative, "NegDouble").Call(a.code), typ: tDouble}
		case tDuration:
			return c.checked(jen.Qual(pkgCelNative, "NegDuration").Call(a.code), tDuration)
		}
		unsupported("- of a %s", a.typ)
	case operators.Index:
		return c.index(c.expr(args[0]), c.expr(args[1]))
	case operators.In:
		return c.in(c.expr(args[0]), c.expr(args[1]))
	case operators.OptSelect:
		name, ok := literalString(args[1])
		if !ok {
			unsupported("?. with a computed field")
		}
		return c.optSelect(c.expr(args[0]), name)
	case operators.OptIndex:
		unsupported("optional indexing ([?])")
	}
	if v, ok := c.stringCall(e, call); ok {
		return v
	}
	if v, ok := c.listCall(e, call); ok {
		return v
	}
	if v, ok := c.timeCall(e, call); ok {
		return v
	}
	if v, ok := c.libCall(e, call); ok {
		return v
	}
	if v, ok := c.conversion(e, call); ok {
		return v
	}
	unsupported("the function %s", fn)
	return cval{}
}

func literalString(e celast.Expr) (string, bool) {
	if e.Kind() != celast.LiteralKind {
		return "", false
	}
	s, ok := e.AsLiteral().(types.String)
	return string(s), ok
}

// member compiles the receiver of a member call with n arguments.
func (c *compiler) member(call celast.CallExpr, n int) (cval, []celast.Expr) {
	if !call.IsMemberFunction() || len(call.Args()) != n {
		unsupported("%s with %d arguments", call.FunctionName(), len(call.Args()))
	}
	return c.expr(call.Target()), call.Args()
}

// global checks a global call with n arguments.
func global(call celast.CallExpr, n int) []celast.Expr {
	if call.IsMemberFunction() || len(call.Args()) != n {
		unsupported("%s with %d arguments", call.FunctionName(), len(call.Args()))
	}
	return call.Args()
}

// want converts v to type t where CEL would (an int-or-string read as what it holds), or refuses.
func (c *compiler) want(v cval, t ctype) cval {
	if v.typ == t {
		return v
	}
	if v.typ == tIntOrString && (t == tInt || t == tString) {
		return c.dynAs(v, t)
	}
	if v.typ == tQuantityStr && t == tString {
		return cval{code: v.code.Clone().Dot("String").Call(), typ: tString}
	}
	unsupported("a %s where a %s is expected", v.typ, t)
	return cval{}
}

// dynAs is an int-or-string used where the checker expects t: when it holds the other type, CEL
// finds no overload at run time.
func (c *compiler) dynAs(v cval, t ctype) cval {
	x := c.temp("x")
	c.emit(jen.Id(x).Op(":=").Add(v.code))
	if t == tInt {
		c.fail(jen.Id(x).Dot("Type").Op("!=").Qual(pkgIntstr, "Int"), jen.Qual(pkgCelNative, "ErrNoSuchOverload"))
		return cval{code: jen.Int64().Call(jen.Id(x).Dot("IntVal")), typ: tInt}
	}
	c.fail(jen.Id(x).Dot("Type").Op("!=").Qual(pkgIntstr, "String"), jen.Qual(pkgCelNative, "ErrNoSuchOverload"))
	return cval{code: jen.Id(x).Dot("StrVal"), typ: tString}
}

func (c *compiler) compare(op string, a, b cval) cval {
	// An int-or-string compares as what it holds; with another type, CEL has no overload.
	if a.typ == tIntOrString && (b.typ == tInt || b.typ == tString) {
		a = c.dynAs(a, b.typ)
	}
	if b.typ == tIntOrString && (a.typ == tInt || a.typ == tString) {
		b = c.dynAs(b, a.typ)
	}
	if a.typ == tIntOrString || b.typ == tIntOrString {
		unsupported("ordering an int-or-string")
	}
	switch {
	case a.typ == b.typ && (a.typ == tInt || a.typ == tUint || a.typ == tString || a.typ == tDuration):
		return cval{code: jen.Parens(jen.Add(a.code).Op(op).Add(b.code)), typ: tBool}
	case a.typ == tBool && b.typ == tBool:
		// false < true
		return cval{code: jen.Parens(jen.Qual(pkgCelNative, "CompareBool").Call(a.code, b.code).Op(op).Lit(0)), typ: tBool}
	case a.typ == tTimestamp && b.typ == tTimestamp:
		return cval{code: jen.Parens(jen.Qual(pkgCelNative, "CompareTime").Call(a.code, b.code).Op(op).Lit(0)), typ: tBool}
	case numeric(a.typ) && numeric(b.typ):
		// Doubles (NaN cannot be ordered) and cross-type numeric comparison (the API server
		// enables it): exact, as cel-go compares.
		v := c.checked(jen.Qual(pkgCelNative, "Compare"+numName(a.typ)+numName(b.typ)).Call(a.code, b.code), tInt)
		return cval{code: jen.Parens(v.code.Op(op).Lit(0)), typ: tBool}
	}
	unsupported("%s on %s and %s", op, a.typ, b.typ)
	return cval{}
}

func numeric(t ctype) bool { return t == tInt || t == tUint || t == tDouble }

func numName(t ctype) string {
	return map[ctype]string{tInt: "Int", tUint: "Uint", tDouble: "Double"}[t]
}

func (c *compiler) arithmetic(fn string, a, b cval) cval {
	switch {
	case fn == operators.Add && a.typ == tString && b.typ == tString:
		return cval{code: jen.Parens(jen.Add(a.code).Op("+").Add(b.code)), typ: tString}
	case a.typ == tInt && b.typ == tInt:
		return c.checked(jen.Qual(pkgCelNative, arith[fn]).Call(a.code, b.code), tInt)
	case a.typ == tUint && b.typ == tUint:
		return c.checked(jen.Qual(pkgCelNative, uarith[fn]).Call(a.code, b.code), tUint)
	case a.typ == tDouble && b.typ == tDouble && fn != operators.Modulo:
		// Through functions: Go would fold literals at compile time (1.0/0.0 does not compile).
		goFn := map[string]string{operators.Add: "AddDouble", operators.Subtract: "SubDouble", operators.Multiply: "MulDouble", operators.Divide: "DivDouble"}[fn]
		return cval{code: jen.Qual(pkgCelNative, goFn).Call(a.code, b.code), typ: tDouble}
	case fn == operators.Add && a.lit && b.lit:
		return cval{typ: tList, lit: true, lits: append(append([]cval{}, a.lits...), b.lits...)}
	}
	if v, ok := c.timeArithmetic(fn, a, b); ok {
		return v
	}
	unsupported("%s on %s and %s", fn, a.typ, b.typ)
	return cval{}
}

func (c *compiler) index(a, i cval) cval {
	switch a.typ {
	case tMapLit:
		return c.mapLitIndex(a, i)
	case tMap:
		return c.mapIndex(a, i)
	case tList:
		switch i.typ {
		case tInt:
		case tUint, tDouble:
			unsupported("indexing a list with a %s", i.typ)
		default:
			unsupported("indexing a list with a %s", i.typ)
		}
		if a.lit {
			a = c.materialize(a)
		}
		iv := c.temp("i")
		c.emit(jen.Id(iv).Op(":=").Add(i.code))
		c.fail(jen.Id(iv).Op("<").Lit(0).Op("||").Id(iv).Op(">=").Int64().Call(jen.Len(a.code)),
			jen.Qual(pkgCelNative, "IndexOutOfBounds").Call(jen.Id(iv)))
		return c.item(a, jen.Id(iv))
	}
	unsupported("indexing a %s", a.typ)
	return cval{}
}

// logical compiles a || b (or) or a && b: the deciding value (true for ||) wins over an error on
// the other side; otherwise the first error is the result.
func (c *compiler) logical(or bool, a, b celast.Expr) cval {
	op, decides := "&&", false
	if or {
		op, decides = "||", true
	}
	sa, va, fa, za := c.sub(func() cval { return c.want(c.expr(a), tBool) })
	sb, vb, fb, zb := c.sub(func() cval { return c.want(c.expr(b), tBool) })
	c.inline(za)
	c.inline(zb)
	if fa {
		*za = *jen.False()
	}
	if fb && fa {
		*zb = *jen.False()
	}
	if !fa && !fb && len(sa) == 0 && len(sb) == 0 {
		return cval{code: jen.Parens(jen.Add(va.code).Op(op).Add(vb.code)), typ: tBool}
	}
	r := c.temp("r")
	undecided := jen.Id(r)
	if or {
		undecided = jen.Op("!").Id(r)
	}
	if !fa {
		// The left side cannot fail: ordinary short-circuit, the right side's error is the result.
		c.emit(sa...)
		c.emit(jen.Id(r).Op(":=").Add(va.code))
		c.emit(jen.If(undecided).Block(append(sb, jen.Id(r).Op("=").Add(vb.code))...))
		return cval{code: jen.Id(r), typ: tBool}
	}
	// The left side may fail: its error is the result only when the right side does not decide.
	lv, lerr := c.closureStmts(sa, va)
	var right []jen.Code
	var rv, rerr string
	saved := c.out
	c.out = &right
	if fb {
		rv, rerr = c.closureStmts(sb, vb)
	} else {
		c.emit(sb...)
		rv = c.temp("v")
		c.emit(jen.Id(rv).Op(":=").Add(vb.code))
	}
	c.out = saved
	decided := jen.Id(rv)
	if !decides {
		decided = jen.Op("!").Id(rv)
	}
	if rerr != "" {
		decided = jen.Id(rerr).Op("==").Nil().Op("&&").Add(decided)
	}
	c.fails++
	right = append(right, jen.Switch().Block(
		jen.Case(decided).Block(jen.Id(r).Op("=").Lit(decides)),
		jen.Case(jen.Id(lerr).Op("!=").Nil()).Block(jen.Return(c.zero, jen.Id(lerr))),
		func() jen.Code {
			if rerr == "" {
				return jen.Null()
			}
			return jen.Case(jen.Id(rerr).Op("!=").Nil()).Block(jen.Return(c.zero, jen.Id(rerr)))
		}(),
		jen.Default().Block(jen.Id(r).Op("=").Lit(!decides)),
	))
	leftDecides := jen.Id(lv)
	if !decides {
		leftDecides = jen.Op("!").Id(lv)
	}
	c.emit(jen.Id(r).Op(":=").Lit(decides),
		jen.If(jen.Op("!").Parens(jen.Id(lerr).Op("==").Nil().Op("&&").Add(leftDecides))).Block(right...))
	return cval{code: jen.Id(r), typ: tBool}
}

// closureStmts emits already compiled statements as a closure returning (value, error).
func (c *compiler) closureStmts(stmts []jen.Code, v cval) (val, err string) {
	stmts = append(stmts, jen.Return(v.code, jen.Nil()))
	val, err = c.temp("v"), c.temp("err")
	c.emit(jen.List(jen.Id(val), jen.Id(err)).Op(":=").Func().Params().Params(goTypeOf(v.typ), jen.Error()).Block(stmts...).Call())
	return val, err
}

func (c *compiler) conditional(cond, x, y celast.Expr) cval {
	cv := c.want(c.expr(cond), tBool)
	sx, vx, _, zx := c.sub(func() cval { return c.expr(x) })
	sy, vy, _, zy := c.sub(func() cval { return c.expr(y) })
	c.inline(zx)
	c.inline(zy)
	if vx.typ != vy.typ {
		unsupported("?: with branches of types %s and %s", vx.typ, vy.typ)
	}
	r := c.temp("v")
	c.emit(jen.Var().Id(r).Add(goTypeOf(vx.typ)),
		jen.If(cv.code).Block(append(sx, jen.Id(r).Op("=").Add(vx.code))...).Else().Block(append(sy, jen.Id(r).Op("=").Add(vy.code))...))
	return cval{code: jen.Id(r), typ: vx.typ}
}

// in compiles x in coll: a list's items compared with ==, or a map's keys.
func (c *compiler) in(x, coll cval) cval {
	switch coll.typ {
	case tList:
		if coll.lit && len(coll.lits) == 0 {
			c.discard(x)
			return cval{code: jen.False(), typ: tBool}
		}
		// As cel-go's Contains: true when an item equals x, else the first error, else false.
		x = c.let(x)
		coll = c.materialize(coll)
		i, r, ferr := c.temp("i"), c.temp("r"), c.temp("err")
		stmts, eq, fallible, slot := c.sub(func() cval { return c.equal(c.item(coll, jen.Id(i)), x) })
		*slot = *jen.False()
		var body []jen.Code
		if fallible {
			saved := c.out
			c.out = &body
			v, err := c.closureStmts(stmts, eq)
			c.out = saved
			body = append(body,
				jen.If(jen.Id(err).Op("!=").Nil()).Block(
					jen.If(jen.Id(ferr).Op("==").Nil()).Block(jen.Id(ferr).Op("=").Id(err)), jen.Continue()),
				jen.If(jen.Id(v)).Block(jen.Id(r).Op("=").True(), jen.Break()))
			c.emit(jen.Var().Id(ferr).Error())
		} else {
			body = append(stmts, jen.If(eq.code).Block(jen.Id(r).Op("=").True(), jen.Break()))
		}
		c.emit(jen.Id(r).Op(":=").False(), jen.For(jen.Id(i).Op(":=").Range().Add(coll.code)).Block(body...))
		if fallible {
			c.fail(jen.Op("!").Id(r).Op("&&").Id(ferr).Op("!=").Nil(), jen.Id(ferr))
		}
		return cval{code: jen.Id(r), typ: tBool}
	case tMap:
		return c.mapHas(coll, c.want(x, tString))
	case tMapLit:
		return c.mapLitIn(x, coll)
	}
	unsupported("in on a %s", coll.typ)
	return cval{}
}

// materialize turns a list literal of scalars into a Go slice.
func (c *compiler) materialize(l cval) cval {
	if !l.lit {
		return l
	}
	et := c.litElemType(l)
	var elems []jen.Code
	for _, x := range l.lits {
		elems = append(elems, c.want(x, et).code)
	}
	v := c.temp("list")
	c.emit(jen.Id(v).Op(":=").Index().Add(goTypeOf(et)).Values(elems...))
	return cval{code: jen.Id(v), typ: tList, elems: et, t: l.t}
}

// litElemType is the Go type of the items of a list literal, from the checker's type.
func (c *compiler) litElemType(l cval) ctype {
	if l.t != nil && len(l.t.Parameters()) == 1 {
		if et := typeOfCEL(l.t.Parameters()[0]); et != 0 && et != tBytes {
			return et
		}
	}
	if len(l.lits) > 0 && l.lits[0].typ.scalar() {
		for _, x := range l.lits {
			if x.typ != l.lits[0].typ {
				unsupported("a list literal of mixed types")
			}
		}
		return l.lits[0].typ
	}
	if len(l.lits) == 0 {
		return tInt // an empty list of dyn: no item is ever read
	}
	unsupported("a list literal of %s", l.lits[0].typ)
	return 0
}
