package nativecel

import (
	"strings"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
)

// The comprehension macros: all, exists, exists_one, and filter(...).size().

type macro int

const (
	macroAll macro = iota + 1
	macroExists
	macroExistsOne
	macroFilterCount // filter(...).size()
)

// whichMacro recognizes the comprehensions the all, exists and exists_one macros expand to.
// The two-variable forms (all(i, v, p), exists(i, v, p), existsOne(i, v, p): index and item of
// a list, key and value of a map) expand to the same comprehensions.
func whichMacro(cx celast.ComprehensionExpr) macro {
	if isAllMacro(cx) {
		return macroAll
	}
	accu := func(e celast.Expr) bool { return e.Kind() == celast.IdentKind && e.AsIdent() == cx.AccuVar() }
	init, cond, step := cx.AccuInit(), cx.LoopCondition(), cx.LoopStep()
	if init.Kind() == celast.LiteralKind && init.AsLiteral() == types.False &&
		cond.Kind() == celast.CallKind && cond.AsCall().FunctionName() == operators.NotStrictlyFalse &&
		step.Kind() == celast.CallKind && step.AsCall().FunctionName() == operators.LogicalOr &&
		accu(step.AsCall().Args()[0]) && accu(cx.Result()) {
		n := cond.AsCall().Args()[0]
		if n.Kind() == celast.CallKind && n.AsCall().FunctionName() == operators.LogicalNot && accu(n.AsCall().Args()[0]) {
			return macroExists
		}
	}
	if init.Kind() == celast.LiteralKind && init.AsLiteral() == types.Int(0) &&
		step.Kind() == celast.CallKind && step.AsCall().FunctionName() == operators.Conditional &&
		cx.Result().Kind() == celast.CallKind && cx.Result().AsCall().FunctionName() == operators.Equals {
		a := step.AsCall().Args()
		res := cx.Result().AsCall().Args()
		if accu(a[2]) && a[1].Kind() == celast.CallKind && a[1].AsCall().FunctionName() == operators.Add &&
			accu(a[1].AsCall().Args()[0]) && accu(res[0]) && res[1].Kind() == celast.LiteralKind && res[1].AsLiteral() == types.Int(1) {
			return macroExistsOne
		}
	}
	return 0
}

// body is the predicate of a recognized macro.
func body(cx celast.ComprehensionExpr, m macro) celast.Expr {
	if m == macroExistsOne || m == macroFilterCount {
		return cx.LoopStep().AsCall().Args()[0]
	}
	return cx.LoopStep().AsCall().Args()[1]
}

func (c *compiler) comprehension(cx celast.ComprehensionExpr) cval {
	m := whichMacro(cx)
	if m == 0 {
		if pred, transform, ok := listMacroParts(cx); ok {
			return c.listMacro(cx, pred, transform)
		}
		unsupported("a comprehension other than all, exists, exists_one, map, filter")
	}
	return c.macro(cx, m)
}

// listMacroParts recognizes the comprehensions map(x, t), map(x, p, t) and filter(x, p) expand
// to: [] then accu + [t], or p ? accu + [t] : accu (t is x for filter).
func listMacroParts(cx celast.ComprehensionExpr) (pred, transform celast.Expr, ok bool) {
	accu := func(e celast.Expr) bool { return e.Kind() == celast.IdentKind && e.AsIdent() == cx.AccuVar() }
	init, step := cx.AccuInit(), cx.LoopStep()
	if cx.HasIterVar2() || init.Kind() != celast.ListKind || len(init.AsList().Elements()) != 0 || !accu(cx.Result()) ||
		step.Kind() != celast.CallKind {
		return nil, nil, false
	}
	appendStep := func(e celast.Expr) (celast.Expr, bool) {
		if e.Kind() != celast.CallKind || e.AsCall().FunctionName() != operators.Add {
			return nil, false
		}
		a := e.AsCall().Args()
		if !accu(a[0]) || a[1].Kind() != celast.ListKind || len(a[1].AsList().Elements()) != 1 {
			return nil, false
		}
		return a[1].AsList().Elements()[0], true
	}
	if t, ok := appendStep(step); ok {
		return nil, t, true
	}
	if step.AsCall().FunctionName() != operators.Conditional {
		return nil, nil, false
	}
	a := step.AsCall().Args()
	t, ok := appendStep(a[1])
	if !ok || !accu(a[2]) {
		return nil, nil, false
	}
	return a[0], t, true
}

// listMacro compiles map() and filter() into a Go slice of scalars, with cel-go's errors: an
// error of the predicate replaces the accumulated one, an error of the transform is kept only
// when there is none yet; either way every item runs.
func (c *compiler) listMacro(cx celast.ComprehensionExpr, pred, transform celast.Expr) cval {
	coll := c.expr(cx.IterRange())
	if coll.typ != tList {
		unsupported("map or filter over a %s", coll.typ)
	}
	coll = c.materialize(coll)
	i := c.temp("i")
	saved, had := c.vars[cx.IterVar()]
	var inner []jen.Code
	savedOut := c.out
	c.out = &inner
	acc, accErr := c.temp("list"), c.temp("err")
	itemStmts, item, itemFallible, zi := c.sub(func() cval { return c.item(coll, jen.Id(i)) })
	if itemFallible {
		unsupported("map or filter over items whose reading may fail")
	}
	c.inline(zi)
	c.emit(itemStmts...)
	c.vars[cx.IterVar()] = item
	if pred != nil {
		stmts, pv, fallible, zp := c.sub(func() cval { return c.want(c.expr(pred), tBool) })
		*zp = *jen.False()
		var p, perr string
		if fallible {
			p, perr = c.closureStmts(stmts, pv)
			c.emit(jen.If(jen.Id(perr).Op("!=").Nil()).Block(jen.Id(accErr).Op("=").Id(perr), jen.Continue()))
		} else {
			c.emit(stmts...)
			p = c.temp("v")
			c.emit(jen.Id(p).Op(":=").Add(pv.code))
		}
		c.emit(jen.If(jen.Op("!").Id(p)).Block(jen.Continue()))
	}
	stmts, tv, fallible, zt := c.sub(func() cval { return c.expr(transform) })
	if !tv.typ.scalar() && tv.typ != tTimestamp {
		unsupported("map to a %s", tv.typ)
	}
	*zt = *zeroGo(tv.typ)
	var t, terr string
	if fallible {
		t, terr = c.closureStmts(stmts, tv)
	} else {
		c.emit(stmts...)
		t = c.temp("v")
		c.emit(jen.Id(t).Op(":=").Add(tv.code))
	}
	c.emit(jen.If(jen.Id(accErr).Op("!=").Nil()).Block(jen.Continue()))
	if terr != "" {
		c.emit(jen.If(jen.Id(terr).Op("!=").Nil()).Block(jen.Id(accErr).Op("=").Id(terr), jen.Continue()))
	}
	c.emit(jen.Id(acc).Op("=").Append(jen.Id(acc), jen.Id(t)))
	c.out = savedOut
	if had {
		c.vars[cx.IterVar()] = saved
	} else {
		delete(c.vars, cx.IterVar())
	}
	c.fails++
	interrupt := jen.If(jen.Id(i).Op("%").Qual(pkgCelNative, "CheckFrequency").Op("==").Qual(pkgCelNative, "CheckFrequency").Op("-").Lit(1).
		Op("&&").Id("ctx").Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(c.zero, jen.Qual(pkgCelNative, "Interrupted")))
	c.emit(jen.Var().Id(acc).Index().Add(goTypeOf(tv.typ)), jen.Var().Id(accErr).Error(),
		jen.For(jen.Id(i).Op(":=").Range().Add(coll.code)).Block(append([]jen.Code{interrupt}, inner...)...),
		jen.If(jen.Id(accErr).Op("!=").Nil()).Block(jen.Return(c.zero, jen.Id(accErr))))
	return cval{code: jen.Id(acc), typ: tList, elems: tv.typ}
}

// macro compiles a recognized macro.
func (c *compiler) macro(cx celast.ComprehensionExpr, m macro) cval {
	coll := c.expr(cx.IterRange())
	it := c.temp("it")
	var loop *jen.Statement
	i := c.temp("i")
	var item, second func() cval // the iteration variables: item (or index and item, key and value)
	var mapLoop func(body []jen.Code) *jen.Statement
	switch {
	case coll.typ == tList:
		coll = c.materialize(coll)
		item = func() cval { return c.item(coll, jen.Id(i)) }
		loop = jen.For(jen.Id(i).Op(":=").Range().Add(coll.code))
		if cx.HasIterVar2() {
			second, item = item, func() cval { return cval{code: jen.Int64().Call(jen.Id(i)), typ: tInt} }
		}
	case coll.typ == tMap:
		c.mapValuesNotNull(coll)
		item = func() cval { return cval{code: jen.String().Call(jen.Id(it)), typ: tString} }
		val := ""
		if cx.HasIterVar2() {
			val = c.temp("val")
			second = func() cval {
				return c.element(jen.Id(val), coll.node.Values, coll.schema.AdditionalProperties.Schema)
			}
		}
		// The key and value variables, where the loop's body reads them (Go refuses unused ones).
		mapRange := coll.code
		mapLoop = func(body []jen.Code) *jen.Statement {
			k, v := jen.Id("_"), jen.Id("_")
			if usesIdent(body, it) {
				k = jen.Id(it)
			}
			if val != "" && usesIdent(body, val) {
				v = jen.Id(val)
			}
			if val == "" || v.GoString() == "_" {
				if k.GoString() == "_" {
					return jen.For(jen.Range().Add(mapRange))
				}
				return jen.For(k.Op(":=").Range().Add(mapRange))
			}
			return jen.For(jen.List(k, v).Op(":=").Range().Add(mapRange))
		}
	default:
		unsupported("a macro over a %s", coll.typ)
	}
	savedVar2, had2 := c.vars[cx.IterVar2()]
	defer func() {
		if cx.HasIterVar2() {
			if had2 {
				c.vars[cx.IterVar2()] = savedVar2
			} else {
				delete(c.vars, cx.IterVar2())
			}
		}
	}()
	saved, had := c.vars[cx.IterVar()]
	// Reading the item, and the body: an error of either is the item's error.
	stmts, bv, fallible, zb := c.sub(func() cval {
		c.vars[cx.IterVar()] = item()
		if second != nil {
			c.vars[cx.IterVar2()] = second()
		}
		return c.want(c.expr(body(cx, m)), tBool)
	})
	*zb = *jen.False()
	if had {
		c.vars[cx.IterVar()] = saved
	} else {
		delete(c.vars, cx.IterVar())
	}

	var inner []jen.Code
	saved2 := c.out
	c.out = &inner
	n := c.temp("n")
	if coll.typ == tMap {
		c.emit(jen.Id(n).Op("++"))
	}
	var b, berr string
	if fallible {
		b, berr = c.closureStmts(stmts, bv)
	} else {
		c.emit(stmts...)
		b = c.temp("v")
		c.emit(jen.Id(b).Op(":=").Add(bv.code))
	}
	c.out = saved2

	// The context, every CheckFrequency iterations, as cel-go checks it.
	count := jen.Id(i)
	if coll.typ == tMap {
		count = jen.Id(n)
	}
	c.fails++
	interrupt := jen.If(count.Clone().Op("%").Qual(pkgCelNative, "CheckFrequency").Op("==").Qual(pkgCelNative, "CheckFrequency").Op("-").Lit(1).
		Op("&&").Id("ctx").Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(c.zero, jen.Qual(pkgCelNative, "Interrupted")))
	r, rerr := c.temp("r"), c.temp("err")
	var decls []jen.Code
	if coll.typ == tMap {
		decls = append(decls, jen.Id(n).Op(":=").Lit(-1))
	}
	switch m {
	case macroAll, macroExists:
		decides := m == macroExists
		stop := jen.Id(b)
		if !decides {
			stop = jen.Op("!").Id(b)
		}
		if berr != "" {
			inner = append(inner, jen.If(jen.Id(berr).Op("!=").Nil()).Block(
				jen.If(jen.Id(rerr).Op("==").Nil()).Block(jen.Id(rerr).Op("=").Id(berr)), jen.Continue()))
		}
		inner = append(inner, jen.If(stop).Block(jen.Id(r).Op("=").Lit(decides), jen.Break()))
		decls = append(decls, jen.Id(r).Op(":=").Lit(!decides))
		if berr != "" {
			decls = append(decls, jen.Var().Id(rerr).Error())
		}
		c.emit(decls...)
		c.emit(loopOf(loop, mapLoop, append([]jen.Code{interrupt}, inner...)).Block(append([]jen.Code{interrupt}, inner...)...))
		if berr != "" {
			undecided := jen.Id(r)
			if decides {
				undecided = jen.Op("!").Id(r)
			}
			c.emit(jen.If(undecided.Op("&&").Id(rerr).Op("!=").Nil()).Block(jen.Return(c.zero, jen.Id(rerr))))
		}
		return cval{code: jen.Id(r), typ: tBool}
	default: // exists_one and filter().size(): every item runs; the last error is the result
		cnt := c.temp("count")
		if berr != "" {
			inner = append(inner, jen.If(jen.Id(berr).Op("!=").Nil()).Block(jen.Id(rerr).Op("=").Id(berr), jen.Continue()))
		}
		inner = append(inner, jen.If(jen.Id(b)).Block(jen.Id(cnt).Op("++")))
		decls = append(decls, jen.Id(cnt).Op(":=").Lit(0))
		if berr != "" {
			decls = append(decls, jen.Var().Id(rerr).Error())
		}
		c.emit(decls...)
		c.emit(loopOf(loop, mapLoop, append([]jen.Code{interrupt}, inner...)).Block(append([]jen.Code{interrupt}, inner...)...))
		if berr != "" {
			c.emit(jen.If(jen.Id(rerr).Op("!=").Nil()).Block(jen.Return(c.zero, jen.Id(rerr))))
		}
		if m == macroFilterCount {
			return cval{code: jen.Int64().Call(jen.Id(cnt)), typ: tInt}
		}
		return cval{code: jen.Parens(jen.Id(cnt).Op("==").Lit(1)), typ: tBool}
	}
}

// isFilter recognizes the comprehension filter() expands to: [] then cond ? accu + [x] : accu.
func isFilter(cx celast.ComprehensionExpr) bool {
	accu := func(e celast.Expr) bool { return e.Kind() == celast.IdentKind && e.AsIdent() == cx.AccuVar() }
	init, step := cx.AccuInit(), cx.LoopStep()
	if cx.HasIterVar2() || init.Kind() != celast.ListKind || len(init.AsList().Elements()) != 0 || !accu(cx.Result()) ||
		step.Kind() != celast.CallKind || step.AsCall().FunctionName() != operators.Conditional {
		return false
	}
	a := step.AsCall().Args()
	if !accu(a[2]) || a[1].Kind() != celast.CallKind || a[1].AsCall().FunctionName() != operators.Add {
		return false
	}
	add := a[1].AsCall().Args()
	if !accu(add[0]) || add[1].Kind() != celast.ListKind {
		return false
	}
	el := add[1].AsList().Elements()
	return len(el) == 1 && el[0].Kind() == celast.IdentKind && el[0].AsIdent() == cx.IterVar()
}

// loopOf is the loop header: a map's, once its body is known, or the list's.
func loopOf(list *jen.Statement, mapLoop func([]jen.Code) *jen.Statement, body []jen.Code) *jen.Statement {
	if mapLoop != nil {
		return mapLoop(body)
	}
	return list
}

// usesIdent reports whether code reads the variable name.
func usesIdent(code []jen.Code, name string) bool {
	src := jen.Block(code...).GoString()
	for i := strings.Index(src, name); i >= 0; {
		end := i + len(name)
		before := i == 0 || !isIdentByte(src[i-1])
		after := end == len(src) || !isIdentByte(src[end])
		if before && after {
			return true
		}
		next := strings.Index(src[end:], name)
		if next < 0 {
			break
		}
		i = end + next
	}
	return false
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
