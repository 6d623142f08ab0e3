package nativecel

import (
	gotypes "go/types"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"

	"github.com/validation-gen/validation-gen/model"
)

// Lists and maps: size(), the Kubernetes lists library, cel-go's lists and sets extension
// libraries (as the API server has them).

// itemsOf is how compiled code holds the items of a list of scalars (0 when they are not).
func (c *compiler) itemsOf(l cval) ctype {
	switch {
	case l.elems != 0:
		return l.elems
	case l.lit:
		return c.litElemType(l)
	case l.node == nil || l.node.Items == nil || l.node.Items.Pointer:
		return 0
	}
	saved := c.out
	var none []jen.Code
	c.out = &none
	defer func() { c.out = saved; recover() }()
	item := c.dataVal(l.node.Items, l.schema.Items.Schema, jen.Id("_"), false)
	if len(none) > 0 {
		return 0 // read through a conversion (formats)
	}
	if item.typ.scalar() {
		return item.typ
	}
	return 0
}

// plainStrings reports a list whose Go type is []string.
func plainStrings(l cval) bool {
	if l.node == nil || l.elems != 0 {
		return false
	}
	sl, ok := l.node.ValueType().Underlying().(*gotypes.Slice)
	if !ok {
		return false
	}
	b, ok := gotypes.Unalias(sl.Elem()).(*gotypes.Basic)
	return ok && b.Kind() == gotypes.String
}

// goSlice is a list of scalars as a Go slice whose elements convert to the scalar with T(x):
// a computed or literal list, or data whose items are Go scalars read as they are.
func (c *compiler) goSlice(l cval) (cval, ctype) {
	if l.typ != tList {
		unsupported("a list function on a %s", l.typ)
	}
	l = c.materialize(l)
	et := c.itemsOf(l)
	if et == 0 {
		unsupported("a list function on a list of items that are not scalars read as they are")
	}
	return l, et
}

func (c *compiler) listCall(e celast.Expr, call celast.CallExpr) (cval, bool) {
	args := call.Args()
	fn := call.FunctionName()
	switch fn {
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
			return c.macro(x.AsComprehension(), macroFilterCount), true // the size of a filter: counted, not built
		}
		v := c.expr(x)
		switch v.typ {
		case tString:
			return cval{code: jen.Int64().Call(jen.Qual("unicode/utf8", "RuneCountInString").Call(v.code)), typ: tInt}, true
		case tURLQuery, tBytes:
			return cval{code: jen.Int64().Call(jen.Len(v.code)), typ: tInt}, true
		case tList:
			if v.lit {
				c.discard(v) // its items are evaluated for their errors
				return cval{code: jen.Int64().Call(jen.Lit(len(v.lits))), typ: tInt}, true
			}
			return cval{code: jen.Int64().Call(jen.Len(v.code)), typ: tInt}, true
		case tMap:
			c.mapValuesNotNull(v)
			return cval{code: jen.Int64().Call(jen.Len(v.code)), typ: tInt}, true
		case tMapLit:
			return cval{code: jen.Int64().Call(jen.Lit(len(v.mlit.keys))), typ: tInt}, true
		}
		unsupported("size of a %s", v.typ)
	case "isSorted", "sum", "min", "max":
		if !call.IsMemberFunction() || len(args) != 0 {
			return cval{}, false
		}
		recv := c.expr(call.Target())
		if recv.typ != tList {
			return cval{}, false
		}
		if !recv.lit && recv.elems == 0 && c.itemsOf(recv) == 0 {
			return c.fold(recv, fn), true // items read through a conversion
		}
		l, et := c.goSlice(recv)
		switch {
		case fn == "isSorted" && (et == tInt || et == tString || et == tUint || et == tDouble || et == tDuration):
			return cval{code: jen.Qual(pkgCelNative, "IsSorted").Call(l.code), typ: tBool}, true
		case fn == "isSorted" && et == tBool:
			return cval{code: jen.Qual(pkgCelNative, "IsSortedBools").Call(l.code), typ: tBool}, true
		case fn == "sum" && et == tInt:
			return c.checked(jen.Qual(pkgCelNative, "Sum").Call(l.code), tInt), true
		case fn == "sum" && et == tDuration:
			return c.checked(jen.Qual(pkgCelNative, "SumDurations").Call(l.code), tDuration), true
		case fn == "sum" && et == tDouble:
			return cval{code: jen.Qual(pkgCelNative, "SumDoubles").Call(l.code), typ: tDouble}, true
		case (fn == "min" || fn == "max") && (et == tInt || et == tString || et == tUint || et == tDuration):
			v := c.checked(jen.Qual(pkgCelNative, map[string]string{"min": "Min", "max": "Max"}[fn]).Call(l.code), et)
			v.code = convertC(et, v.code)
			return v, true
		}
		unsupported("%s of a list of %s", fn, et)
	case "indexOf", "lastIndexOf":
		if !c.isOverload(e, "list_a_index_of_int", "list_a_last_index_of_int") {
			return cval{}, false
		}
		recv, arg := c.member(call, 1)
		l := c.materialize(recv)
		x := c.let(c.expr(arg[0]))
		i, r := c.temp("i"), c.temp("index")
		stmts, eq := c.infallible(func() cval { return c.equal(c.item(l, jen.Id(i)), x) })
		body := append(stmts, jen.If(eq.code).Block(jen.Id(r).Op("=").Int64().Call(jen.Id(i)), jen.Break()))
		loop := jen.For(jen.Id(i).Op(":=").Range().Add(l.code))
		if fn == "lastIndexOf" {
			loop = jen.For(jen.Id(i).Op(":=").Len(l.code).Op("-").Lit(1), jen.Id(i).Op(">=").Lit(0), jen.Id(i).Op("--"))
		}
		c.emit(jen.Id(r).Op(":=").Int64().Call(jen.Lit(-1)), loop.Block(body...))
		return cval{code: jen.Id(r), typ: tInt}, true
	case "slice":
		recv, a := c.member(call, 2)
		l, et := c.goSlice(recv)
		start, end := c.want(c.expr(a[0]), tInt), c.want(c.expr(a[1]), tInt)
		v := c.checked(jen.Qual(pkgCelNative, "Slice").Call(l.code, start.code, end.code), tList)
		v.elems = et
		return c.asElems(v, l, et), true
	case "reverse":
		if !c.isOverload(e, "list_reverse") {
			return cval{}, false
		}
		recv, _ := c.member(call, 0)
		l, et := c.goSlice(recv)
		return c.asElems(cval{code: jen.Qual(pkgCelNative, "ReverseList").Call(l.code), typ: tList}, l, et), true
	case "distinct":
		recv, _ := c.member(call, 0)
		l, et := c.goSlice(recv)
		if et == tDouble {
			unsupported("distinct of doubles")
		}
		return c.asElems(cval{code: jen.Qual(pkgCelNative, "Distinct").Call(l.code), typ: tList}, l, et), true
	case "sort":
		recv, _ := c.member(call, 0)
		l, et := c.goSlice(recv)
		if et != tInt && et != tString && et != tUint && et != tDuration {
			unsupported("sort of a list of %s", et)
		}
		return c.asElems(cval{code: jen.Qual(pkgCelNative, "Sort").Call(l.code), typ: tList}, l, et), true
	case "lists.range":
		a := global(call, 1)
		n := c.want(c.expr(a[0]), tInt)
		v := c.checked(jen.Qual(pkgCelNative, "Range").Call(n.code), tList)
		v.elems = tInt
		return v, true
	case "flatten":
		unsupported("flatten")
	case "sets.contains", "sets.equivalent", "sets.intersects":
		a := global(call, 2)
		x, y := c.materialize(c.expr(a[0])), c.materialize(c.expr(a[1]))
		if x.typ != tList || y.typ != tList {
			unsupported("%s of a %s and a %s", fn, x.typ, y.typ)
		}
		goFn := map[string]string{"sets.contains": "SetsContains", "sets.equivalent": "SetsEquivalent", "sets.intersects": "SetsIntersects"}[fn]
		args := []jen.Code{jen.Len(x.code), jen.Len(y.code), c.eqFunc(x, y, c.equal)}
		if fn == "sets.equivalent" {
			args = append(args, c.eqFunc(y, x, c.equal))
		}
		return cval{code: jen.Qual(pkgCelNative, goFn).Call(args...), typ: tBool}, true
	}
	return cval{}, false
}

// asElems is the result of a function that keeps a list's items: a Go slice of the items of l.
func (c *compiler) asElems(v cval, l cval, et ctype) cval {
	if l.elems != 0 {
		v.elems = l.elems
		return v
	}
	// Data items keep their Go type: read them as the list's items are read.
	v.node, v.schema, v.elems = l.node, l.schema, 0
	if v.node != nil && !isPlainScalarList(v.node) {
		unsupported("a list function on items that are read through a conversion")
	}
	return v
}

// isPlainScalarList reports a list whose Go items are scalars (no pointers, no conversions).
func isPlainScalarList(n *model.Node) bool {
	if n.Items == nil || n.Items.Pointer {
		return false
	}
	_, ok := n.Items.ValueType().Underlying().(*gotypes.Basic)
	return ok
}

// fold compiles isSorted, sum, min and max of a list whose items are read through a conversion
// (formats): one loop, item by item, as the lists library iterates (an item that cannot be read
// is the error when it is reached).
func (c *compiler) fold(l cval, fn string) cval {
	i, acc, r := c.temp("i"), c.temp("acc"), c.temp("r")
	var inner []jen.Code
	saved := c.out
	c.out = &inner
	item := c.let(c.item(l, jen.Id(i)))
	c.out = saved
	et := item.typ
	// cel-go picks the function's overload by the type of the list's first item: when that item
	// cannot be read, no overload matches.
	stmts, first, fallible, slot := c.sub(func() cval { return c.item(l, jen.Lit(0)) })
	if fallible {
		*slot = *zeroGo(first.typ)
		saved := c.out
		var guard []jen.Code
		c.out = &guard
		err := c.temp("err")
		c.emit(jen.List(jen.Id("_"), jen.Id(err)).Op(":=").Func().Params().Params(goTypeOf(first.typ), jen.Error()).Block(
			append(stmts, jen.Return(first.code, jen.Nil()))...).Call())
		c.fail(jen.Id(err).Op("!=").Nil(), jen.Qual(pkgCelNative, "NoSuchOverload").Call(jen.Lit(fn), jen.Lit("list")))
		c.out = saved
		c.emit(jen.If(jen.Len(l.code).Op(">").Lit(0)).Block(guard...))
	}
	less := func(a, b *jen.Statement) *jen.Statement {
		switch et {
		case tInt, tUint, tString, tDuration:
			return a.Op("<").Add(b)
		case tTimestamp:
			return a.Dot("Before").Call(b)
		}
		unsupported("%s of a list of %s", fn, et)
		return nil
	}
	switch fn {
	case "isSorted":
		c.emit(jen.Id(r).Op(":=").True(), jen.Var().Id(acc).Add(goTypeOf(et)))
		inner = append(inner, jen.If(jen.Id(i).Op(">").Lit(0).Op("&&").Add(less(item.code.Clone(), jen.Id(acc)))).Block(jen.Id(r).Op("=").False(), jen.Break()),
			jen.Id(acc).Op("=").Add(item.code))
		c.emit(jen.For(jen.Id(i).Op(":=").Range().Add(l.code)).Block(inner...))
		return cval{code: jen.Id(r), typ: tBool}
	case "sum":
		goFn := map[ctype]string{tInt: "AddInt", tDuration: "AddDurations"}[et]
		if goFn == "" {
			unsupported("sum of a list of %s", et)
		}
		c.emit(jen.Var().Id(acc).Add(goTypeOf(et)))
		saved := c.out
		c.out = &inner
		sum := c.checked(jen.Qual(pkgCelNative, goFn).Call(jen.Id(acc), item.code), et)
		c.emit(jen.Id(acc).Op("=").Add(sum.code))
		c.out = saved
		c.emit(jen.For(jen.Id(i).Op(":=").Range().Add(l.code)).Block(inner...))
		return cval{code: jen.Id(acc), typ: et}
	}
	// min, max: the first of the least (greatest) items.
	c.fail(jen.Len(l.code).Op("==").Lit(0), jen.Qual(pkgCelNative, "EmptyList").Call(jen.Lit(fn)))
	better := less(item.code.Clone(), jen.Id(acc))
	if fn == "max" {
		better = less(jen.Id(acc), item.code.Clone())
	}
	c.emit(jen.Var().Id(acc).Add(goTypeOf(et)))
	inner = append(inner, jen.If(jen.Id(i).Op("==").Lit(0).Op("||").Add(better)).Block(jen.Id(acc).Op("=").Add(item.code)))
	c.emit(jen.For(jen.Id(i).Op(":=").Range().Add(l.code)).Block(inner...))
	return cval{code: jen.Id(acc), typ: et}
}
