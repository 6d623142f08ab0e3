package nativecel

import (
	gotypes "go/types"
	"regexp"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"

	"github.com/validation-gen/validation-gen/model"
)

// Expressions: literals, operators and functions.

// expr compiles e.
func (c *compiler) expr(e celast.Expr) cval {
	switch e.Kind() {
	case celast.LiteralKind:
		switch l := e.AsLiteral().(type) {
		case types.Bool:
			return cval{code: jen.Lit(bool(l)), typ: tBool}
		case types.Int:
			return cval{code: jen.Lit(int64(l)), typ: tInt}
		case types.String:
			return cval{code: jen.Lit(string(l)), typ: tString}
		}
		unsupported("a literal of type %s", e.AsLiteral().Type().(interface{ TypeName() string }).TypeName())
	case celast.IdentKind:
		v, ok := c.vars[e.AsIdent()]
		if !ok {
			unsupported("the variable %s", e.AsIdent())
		}
		return v
	case celast.SelectKind:
		sel := e.AsSelect()
		op := c.expr(sel.Operand())
		if sel.IsTestOnly() {
			return c.has(op, sel.FieldName())
		}
		return c.selectField(op, sel.FieldName())
	case celast.ListKind:
		var lits []cval
		for _, x := range e.AsList().Elements() {
			if e.AsList().IsOptional(0) {
				unsupported("optional list elements")
			}
			v := c.expr(x)
			if v.typ != tBool && v.typ != tInt && v.typ != tString {
				unsupported("a list literal of %s", v.typ)
			}
			if len(lits) > 0 && lits[0].typ != v.typ {
				unsupported("a list literal of mixed types")
			}
			lits = append(lits, v)
		}
		return cval{typ: tList, lits: lits}
	case celast.CallKind:
		return c.call(e)
	case celast.ComprehensionKind:
		return c.comprehension(e.AsComprehension())
	}
	unsupported("this kind of expression")
	return cval{}
}

const pkgCelNative = "github.com/validation-gen/validation-gen/genruntime/celnative"

var comparisons = map[string]string{operators.Equals: "==", operators.NotEquals: "!=", operators.Less: "<",
	operators.LessEquals: "<=", operators.Greater: ">", operators.GreaterEquals: ">="}

var arith = map[string]string{operators.Add: "AddInt", operators.Subtract: "SubInt", operators.Multiply: "MulInt",
	operators.Divide: "DivInt", operators.Modulo: "ModInt"}

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
	case operators.Equals, operators.NotEquals, operators.Less, operators.LessEquals, operators.Greater, operators.GreaterEquals:
		a, b := c.expr(args[0]), c.expr(args[1])
		if a.typ != b.typ || (a.typ != tInt && a.typ != tString && a.typ != tBool && a.typ != tDuration) {
			unsupported("%s on %s and %s", fn, a.typ, b.typ)
		}
		op := comparisons[fn]
		if a.typ == tBool && op != "==" && op != "!=" {
			unsupported("ordering booleans")
		}
		return cval{code: jen.Parens(jen.Add(a.code).Op(op).Add(b.code)), typ: tBool}
	case operators.Add, operators.Subtract, operators.Multiply, operators.Divide, operators.Modulo:
		a, b := c.expr(args[0]), c.expr(args[1])
		if fn == operators.Add && a.typ == tString && b.typ == tString {
			return cval{code: jen.Parens(jen.Add(a.code).Op("+").Add(b.code)), typ: tString}
		}
		if a.typ != tInt || b.typ != tInt {
			unsupported("%s on %s and %s", fn, a.typ, b.typ)
		}
		return c.checked(jen.Qual(pkgCelNative, arith[fn]).Call(a.code, b.code))
	case operators.Negate:
		a := c.want(c.expr(args[0]), tInt)
		return c.checked(jen.Qual(pkgCelNative, "NegInt").Call(a.code))
	case operators.Index:
		a, i := c.expr(args[0]), c.expr(args[1])
		switch a.typ {
		case tMap:
			return c.mapIndex(a, i)
		case tList:
			if a.lits != nil || i.typ != tInt {
				unsupported("indexing a list literal or with a %s", i.typ)
			}
			iv := c.temp("i")
			c.emit(jen.Id(iv).Op(":=").Add(i.code))
			c.fail(jen.Id(iv).Op("<").Lit(0).Op("||").Id(iv).Op(">=").Int64().Call(jen.Len(a.code)),
				jen.Qual(pkgCelNative, "IndexOutOfBounds").Call(jen.Id(iv)))
			if a.elems != 0 {
				return cval{code: jen.Add(a.code).Index(jen.Id(iv)), typ: a.elems}
			}
			return c.elemVal(jen.Parens(a.code).Index(jen.Id(iv)), a.node.Items)
		}
		unsupported("indexing a %s", a.typ)
	case operators.In:
		return c.in(c.expr(args[0]), c.expr(args[1]))
	case operators.OptSelect:
		name, ok := literalString(args[1])
		if !ok {
			unsupported("?. with a computed field")
		}
		return c.optSelect(c.expr(args[0]), name)
	case "size":
		var x celast.Expr
		switch {
		case call.IsMemberFunction() && len(args) == 0:
			x = call.Target()
		case !call.IsMemberFunction() && len(args) == 1:
			x = args[0]
		default:
			unsupported("size with %d arguments", len(args))
		}
		if x.Kind() == celast.ComprehensionKind && isFilter(x.AsComprehension()) {
			return c.macro(x.AsComprehension(), macroFilterCount) // the size of a filter: counted, not built
		}
		v := c.expr(x)
		switch v.typ {
		case tString:
			return cval{code: jen.Int64().Call(jen.Qual("unicode/utf8", "RuneCountInString").Call(v.code)), typ: tInt}
		case tURLQuery:
			return cval{code: jen.Int64().Call(jen.Len(v.code)), typ: tInt}
		case tList, tMap:
			if v.lits != nil {
				return cval{code: jen.Int64().Call(jen.Lit(len(v.lits))), typ: tInt}
			}
			return cval{code: jen.Int64().Call(jen.Len(v.code)), typ: tInt}
		}
		unsupported("size of a %s", v.typ)
	case "startsWith", "endsWith", "contains":
		recv, arg := c.member(call, 1)
		s, a := c.want(recv, tString), c.want(c.expr(arg[0]), tString)
		goFn := map[string]string{"startsWith": "HasPrefix", "endsWith": "HasSuffix", "contains": "Contains"}[fn]
		return cval{code: jen.Qual("strings", goFn).Call(s.code, a.code), typ: tBool}
	case "matches":
		var s cval
		var pat celast.Expr
		if call.IsMemberFunction() && len(args) == 1 {
			s, pat = c.want(c.expr(call.Target()), tString), args[0]
		} else if !call.IsMemberFunction() && len(args) == 2 {
			s, pat = c.want(c.expr(args[0]), tString), args[1]
		} else {
			unsupported("matches with %d arguments", len(args))
		}
		lit, ok := literalString(pat)
		if !ok {
			unsupported("matches with a pattern that is not a literal")
		}
		if _, err := regexp.Compile(lit); err != nil {
			unsupported("matches with an invalid pattern")
		}
		return cval{code: jen.Id(c.d.RegexpVar(lit)).Dot("MatchString").Call(s.code), typ: tBool}
	case "split":
		recv, arg := c.member(call, 1)
		s, sep := c.want(recv, tString), c.want(c.expr(arg[0]), tString)
		v := c.temp("parts")
		c.emit(jen.Id(v).Op(":=").Qual("strings", "Split").Call(s.code, sep.code))
		return cval{code: jen.Id(v), typ: tList, elems: tString}
	case "substring":
		var s, start, end cval
		switch {
		case call.IsMemberFunction() && len(args) == 2:
			s, start, end = c.want(c.expr(call.Target()), tString), c.want(c.expr(args[0]), tInt), c.want(c.expr(args[1]), tInt)
		default:
			unsupported("substring with %d arguments", len(args))
		}
		v, err := c.temp("v"), c.temp("err")
		c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Qual(pkgCelNative, "Substring").Call(s.code, start.code, end.code))
		c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
		return cval{code: jen.Id(v), typ: tString}
	case "duration":
		if call.IsMemberFunction() || len(args) != 1 {
			unsupported("duration() with %d arguments", len(args))
		}
		if lit, ok := literalString(args[0]); ok {
			d, err := time.ParseDuration(lit)
			if err != nil {
				unsupported("duration() of an invalid literal")
			}
			return cval{code: jen.Qual("time", "Duration").Call(jen.Lit(int64(d))), typ: tDuration}
		}
		a := c.want(c.expr(args[0]), tString)
		v, err := c.temp("v"), c.temp("err")
		c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Qual(pkgCelNative, "Duration").Call(a.code))
		c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
		return cval{code: jen.Id(v), typ: tDuration}
	case "replace":
		if !call.IsMemberFunction() || (len(args) != 2 && len(args) != 3) {
			unsupported("replace with %d arguments", len(args))
		}
		str := c.want(c.expr(call.Target()), tString)
		from, to := c.want(c.expr(args[0]), tString), c.want(c.expr(args[1]), tString)
		if len(args) == 2 {
			return cval{code: jen.Qual("strings", "ReplaceAll").Call(str.code, from.code, to.code), typ: tString}
		}
		n := c.want(c.expr(args[2]), tInt)
		return cval{code: jen.Qual("strings", "Replace").Call(str.code, from.code, to.code, jen.Int().Call(n.code)), typ: tString}
	case "trim":
		recv, _ := c.member(call, 0)
		return cval{code: jen.Qual("strings", "TrimSpace").Call(c.want(recv, tString).code), typ: tString}
	case "join":
		if !call.IsMemberFunction() || len(args) > 1 {
			unsupported("join with %d arguments", len(args))
		}
		list := c.expr(call.Target())
		if list.typ != tList || list.elems != tString && (list.elems != 0 || !plainStrings(list.node)) {
			unsupported("join of a list that is not []string")
		}
		sep := jen.Lit("")
		if len(args) == 1 {
			sep = c.want(c.expr(args[0]), tString).code
		}
		return cval{code: jen.Qual("strings", "Join").Call(list.code, sep), typ: tString}
	case "find", "findAll":
		if !call.IsMemberFunction() || len(args) < 1 || len(args) > 2 || fn == "find" && len(args) != 1 {
			unsupported("%s with %d arguments", fn, len(args))
		}
		str := c.want(c.expr(call.Target()), tString)
		lit, ok := literalString(args[0])
		if !ok {
			unsupported("%s with a pattern that is not a literal", fn)
		}
		if _, err := regexp.Compile(lit); err != nil {
			unsupported("%s with an invalid pattern", fn)
		}
		re := c.d.RegexpVar(lit)
		if fn == "find" {
			return cval{code: jen.Id(re).Dot("FindString").Call(str.code), typ: tString}
		}
		n := jen.Lit(-1)
		if len(args) == 2 {
			n = jen.Int().Call(c.want(c.expr(args[1]), tInt).code)
		}
		v := c.temp("found")
		c.emit(jen.Id(v).Op(":=").Id(re).Dot("FindAllString").Call(str.code, n))
		return cval{code: jen.Id(v), typ: tList, elems: tString}
	case "isSorted", "sum", "min", "max":
		recv, _ := c.member(call, 0)
		item := c.listItem(recv)
		if item.typ != tInt && item.typ != tString || fn == "sum" && item.typ != tInt {
			unsupported("%s of a list of %s", fn, item.typ)
		}
		switch fn {
		case "isSorted":
			return cval{code: jen.Qual(pkgCelNative, "IsSorted").Call(recv.code), typ: tBool}
		case "sum":
			return c.checked(jen.Qual(pkgCelNative, "Sum").Call(recv.code))
		}
		v, err := c.temp("v"), c.temp("err")
		c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Qual(pkgCelNative, map[string]string{"min": "Min", "max": "Max"}[fn]).Call(recv.code))
		c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
		return cval{code: convertC(item.typ, jen.Id(v)), typ: item.typ}
	case "indexOf", "lastIndexOf":
		recv, arg := c.member(call, 1)
		if recv.typ != tList {
			unsupported("%s of a %s", fn, recv.typ)
		}
		i := c.temp("i")
		item := c.listItem(recv)
		if item.typ != tInt && item.typ != tString && item.typ != tBool {
			unsupported("%s of a list of %s", fn, item.typ)
		}
		x := c.want(c.expr(arg[0]), item.typ)
		elem := c.listElem(recv, jen.Id(i))
		r := c.temp("index")
		loop := jen.For(jen.Id(i).Op(":=").Range().Add(recv.code))
		if fn == "lastIndexOf" {
			loop = jen.For(jen.Id(i).Op(":=").Len(recv.code).Op("-").Lit(1), jen.Id(i).Op(">=").Lit(0), jen.Id(i).Op("--"))
		}
		c.emit(jen.Id(r).Op(":=").Int64().Call(jen.Lit(-1)),
			loop.Block(jen.If(elem.code.Op("==").Add(x.code)).Block(jen.Id(r).Op("=").Int64().Call(jen.Id(i)), jen.Break())))
		return cval{code: jen.Id(r), typ: tInt}
	case "isIP", "isCIDR":
		if call.IsMemberFunction() || len(args) != 1 {
			unsupported("%s with %d arguments", fn, len(args))
		}
		a := c.want(c.expr(args[0]), tString)
		return cval{code: jen.Qual(pkgCelNative, map[string]string{"isIP": "IsIP", "isCIDR": "IsCIDR"}[fn]).Call(a.code), typ: tBool}
	case "ip", "cidr":
		if !call.IsMemberFunction() && len(args) == 1 {
			a := c.want(c.expr(args[0]), tString)
			v, err := c.temp("v"), c.temp("err")
			c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Qual(pkgCelNative, map[string]string{"ip": "ParseIP", "cidr": "ParseCIDR"}[fn]).Call(a.code))
			c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
			return cval{code: jen.Id(v), typ: map[string]ctype{"ip": tIP, "cidr": tCIDR}[fn]}
		}
		if fn == "ip" && call.IsMemberFunction() && len(args) == 0 {
			p := c.want(c.expr(call.Target()), tCIDR)
			return cval{code: p.code.Clone().Dot("Addr").Call(), typ: tIP}
		}
		unsupported("%s with %d arguments", fn, len(args))
	case "family":
		recv, _ := c.member(call, 0)
		return c.checked(jen.Qual(pkgCelNative, "IPFamily").Call(c.want(recv, tIP).code))
	case "isLoopback", "isUnspecified":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tIP).code.Clone().Dot(map[string]string{"isLoopback": "IsLoopback", "isUnspecified": "IsUnspecified"}[fn]).Call(), typ: tBool}
	case "prefixLength":
		recv, _ := c.member(call, 0)
		return cval{code: jen.Int64().Call(c.want(recv, tCIDR).code.Clone().Dot("Bits").Call()), typ: tInt}
	case "containsIP":
		recv, arg := c.member(call, 1)
		p, a := c.want(recv, tCIDR), c.expr(arg[0])
		switch a.typ {
		case tIP:
			return cval{code: p.code.Clone().Dot("Contains").Call(a.code), typ: tBool}
		case tString:
			v, err := c.temp("v"), c.temp("err")
			c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Qual(pkgCelNative, "ContainsIPString").Call(p.code, a.code))
			c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
			return cval{code: jen.Id(v), typ: tBool}
		}
		unsupported("containsIP of a %s", a.typ)
	case "isURL":
		if call.IsMemberFunction() || len(args) != 1 {
			unsupported("isURL with %d arguments", len(args))
		}
		return cval{code: jen.Qual(pkgCelNative, "IsURL").Call(c.want(c.expr(args[0]), tString).code), typ: tBool}
	case "url":
		if call.IsMemberFunction() || len(args) != 1 {
			unsupported("url with %d arguments", len(args))
		}
		a := c.want(c.expr(args[0]), tString)
		v, err := c.temp("u"), c.temp("err")
		c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Qual(pkgCelNative, "ParseURL").Call(a.code))
		c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
		return cval{code: jen.Id(v), typ: tURL}
	case "getScheme", "getHost":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tURL).code.Clone().Dot(strings.TrimPrefix(fn, "get")), typ: tString}
	case "getHostname", "getPort", "getEscapedPath":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tURL).code.Clone().Dot(strings.TrimPrefix(fn, "get")).Call(), typ: tString}
	case "getQuery":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tURL).code.Clone().Dot("Query").Call(), typ: tURLQuery}
	case "lowerAscii", "upperAscii":
		recv, _ := c.member(call, 0)
		s := c.want(recv, tString)
		goFn := map[string]string{"lowerAscii": "LowerASCII", "upperAscii": "UpperASCII"}[fn]
		return cval{code: jen.Qual(pkgCelNative, goFn).Call(s.code), typ: tString}
	case "string":
		if call.IsMemberFunction() || len(args) != 1 {
			unsupported("string() with %d arguments", len(args))
		}
		v := c.expr(args[0])
		switch v.typ {
		case tString:
			return v
		case tInt:
			return cval{code: jen.Qual("strconv", "FormatInt").Call(v.code, jen.Lit(10)), typ: tString}
		case tQuantity:
			v.typ = tQuantityStr
			return v
		}
		unsupported("string() of a %s", v.typ)
	case "quantity":
		if call.IsMemberFunction() || len(args) != 1 {
			unsupported("quantity() with %d arguments", len(args))
		}
		if lit, ok := literalString(args[0]); ok {
			name, ok := c.d.QuantityVar(lit)
			if !ok {
				unsupported("quantity() of an invalid literal")
			}
			return cval{code: jen.Id(name), typ: tQuantity}
		}
		v := c.expr(args[0])
		if v.typ != tQuantityStr {
			unsupported("quantity() of a computed string")
		}
		v.typ = tQuantity
		return v
	case "isGreaterThan", "isLessThan", "compareTo":
		recv, arg := c.member(call, 1)
		a, b := recv, c.expr(arg[0])
		if a.typ != tQuantity || b.typ != tQuantity {
			unsupported("%s of %s and %s", fn, a.typ, b.typ)
		}
		cmp := a.code.Clone().Dot("Cmp").Call(b.code)
		switch fn {
		case "isGreaterThan":
			return cval{code: jen.Parens(cmp.Op(">").Lit(0)), typ: tBool}
		case "isLessThan":
			return cval{code: jen.Parens(cmp.Op("<").Lit(0)), typ: tBool}
		}
		return cval{code: jen.Int64().Call(cmp), typ: tInt}
	case "hasValue", "value", "orValue":
		n := 0
		if fn == "orValue" {
			n = 1
		}
		opt, arg := c.member(call, n)
		if opt.typ != tOptional {
			unsupported("%s on a %s", fn, opt.typ)
		}
		switch fn {
		case "hasValue":
			return cval{code: jen.Parens(opt.present.Clone()), typ: tBool}
		case "value":
			c.fail(jen.Op("!").Parens(opt.present.Clone()), jen.Qual(pkgCelNative, "ErrNoneDereference"))
			return *opt.elem
		}
		// orValue: the default is evaluated (and may fail) whether or not it is used.
		def := c.expr(arg[0])
		if def.typ != opt.elem.typ {
			unsupported("orValue of a %s with a %s", opt.elem.typ, def.typ)
		}
		r := c.temp("v")
		c.emit(jen.Var().Id(r).Add(goTypeOf(def.typ)),
			jen.If(opt.present.Clone()).Block(jen.Id(r).Op("=").Add(opt.elem.code)).Else().Block(jen.Id(r).Op("=").Add(def.code)))
		return cval{code: jen.Id(r), typ: def.typ}
	}
	unsupported("the function %s", fn)
	return cval{}
}

// listItem is the type of a list value's items (the code is not usable).
func (c *compiler) listItem(l cval) cval {
	if l.typ != tList || l.lits != nil {
		unsupported("a list function on a %s", l.typ)
	}
	return c.listElem(l, jen.Lit(0))
}

// listElem is item i of a list value.
func (c *compiler) listElem(l cval, i *jen.Statement) cval {
	if l.elems != 0 {
		return cval{code: jen.Add(l.code).Index(i), typ: l.elems}
	}
	return c.elemVal(jen.Parens(l.code).Index(i), l.node.Items)
}

// plainStrings reports a list whose Go type is []string.
func plainStrings(n *model.Node) bool {
	if n == nil {
		return false
	}
	sl, ok := n.ValueType().Underlying().(*gotypes.Slice)
	if !ok {
		return false
	}
	b, ok := gotypes.Unalias(sl.Elem()).(*gotypes.Basic)
	return ok && b.Kind() == gotypes.String
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

func (c *compiler) want(v cval, t ctype) cval {
	if v.typ != t {
		unsupported("a %s where a %s is expected", v.typ, t)
	}
	return v
}

// checked emits a call returning (int64, error) and exits on its error.
func (c *compiler) checked(call *jen.Statement) cval {
	v, err := c.temp("v"), c.temp("err")
	c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Add(call))
	c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
	return cval{code: jen.Id(v), typ: tInt}
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

// closureStmts emits already compiled boolean statements as a closure returning (bool, error).
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

func (c *compiler) in(x, coll cval) cval {
	switch coll.typ {
	case tList:
		if coll.lits != nil {
			if len(coll.lits) == 0 {
				return cval{code: jen.False(), typ: tBool}
			}
			if x.typ != coll.lits[0].typ {
				unsupported("in with a %s and a list of %s", x.typ, coll.lits[0].typ)
			}
			v := c.temp("v")
			c.emit(jen.Id(v).Op(":=").Add(x.code))
			var cond *jen.Statement
			for _, l := range coll.lits {
				eq := jen.Id(v).Op("==").Add(l.code)
				if cond == nil {
					cond = eq
				} else {
					cond = cond.Op("||").Add(eq)
				}
			}
			return cval{code: jen.Parens(cond), typ: tBool}
		}
		it := c.temp("it")
		item := cval{code: jen.Id(it), typ: coll.elems}
		if coll.elems == 0 {
			item = c.elemVal(jen.Id(it), coll.node.Items)
		}
		if item.typ != x.typ || (x.typ != tInt && x.typ != tString && x.typ != tBool) {
			unsupported("in with a %s and a list of %s", x.typ, item.typ)
		}
		v, r := c.temp("v"), c.temp("r")
		c.emit(jen.Id(v).Op(":=").Add(x.code), jen.Id(r).Op(":=").False(),
			jen.For(jen.List(jen.Id("_"), jen.Id(it)).Op(":=").Range().Add(coll.code)).Block(
				jen.If(item.code.Clone().Op("==").Id(v)).Block(jen.Id(r).Op("=").True(), jen.Break())))
		return cval{code: jen.Id(r), typ: tBool}
	case tMap:
		if x.typ != tString {
			unsupported("in with a %s key", x.typ)
		}
		if named(coll.node) {
			unsupported("looking up a key of a map with a named key type")
		}
		r := c.temp("ok")
		c.emit(jen.List(jen.Id("_"), jen.Id(r)).Op(":=").Parens(coll.code).Index(x.code))
		return cval{code: jen.Id(r), typ: tBool}
	}
	unsupported("in on a %s", coll.typ)
	return cval{}
}
