package nativecel

import (
	"regexp"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
)

// Strings: CEL's own string functions, the regex library and cel-go's string extension library
// (version 2, as the API server has it).

// overloads are the checker's overload ids of a call.
func (c *compiler) overloads(e celast.Expr) []string {
	if r, ok := c.ast.ReferenceMap()[e.ID()]; ok {
		return r.OverloadIDs
	}
	return nil
}

func (c *compiler) isOverload(e celast.Expr, ids ...string) bool {
	for _, o := range c.overloads(e) {
		for _, id := range ids {
			if o == id {
				return true
			}
		}
	}
	return false
}

func (c *compiler) stringCall(e celast.Expr, call celast.CallExpr) (cval, bool) {
	args := call.Args()
	fn := call.FunctionName()
	switch fn {
	case "startsWith", "endsWith", "contains":
		if !call.IsMemberFunction() || len(args) != 1 {
			return cval{}, false
		}
		recv := c.expr(call.Target())
		s, a := c.want(recv, tString), c.want(c.expr(args[0]), tString)
		goFn := map[string]string{"startsWith": "HasPrefix", "endsWith": "HasSuffix", "contains": "Contains"}[fn]
		return cval{code: jen.Qual("strings", goFn).Call(s.code, a.code), typ: tBool}, true
	case "matches":
		var s cval
		var pat celast.Expr
		switch {
		case call.IsMemberFunction() && len(args) == 1:
			s, pat = c.want(c.expr(call.Target()), tString), args[0]
		case !call.IsMemberFunction() && len(args) == 2:
			s, pat = c.want(c.expr(args[0]), tString), args[1]
		default:
			unsupported("matches with %d arguments", len(args))
		}
		return cval{code: jen.Id(c.regexp(pat)).Dot("MatchString").Call(s.code), typ: tBool}, true
	case "find", "findAll":
		if !call.IsMemberFunction() || len(args) < 1 || len(args) > 2 || fn == "find" && len(args) != 1 {
			unsupported("%s with %d arguments", fn, len(args))
		}
		str := c.want(c.expr(call.Target()), tString)
		re := c.regexp(args[0])
		if fn == "find" {
			return cval{code: jen.Id(re).Dot("FindString").Call(str.code), typ: tString}, true
		}
		n := jen.Lit(-1)
		if len(args) == 2 {
			n = jen.Int().Call(c.want(c.expr(args[1]), tInt).code)
		}
		v := c.temp("found")
		c.emit(jen.Id(v).Op(":=").Id(re).Dot("FindAllString").Call(str.code, n))
		return cval{code: jen.Id(v), typ: tList, elems: tString}, true
	case "split":
		if !call.IsMemberFunction() || len(args) < 1 || len(args) > 2 {
			unsupported("split with %d arguments", len(args))
		}
		s, sep := c.want(c.expr(call.Target()), tString), c.want(c.expr(args[0]), tString)
		v := c.temp("parts")
		if len(args) == 2 {
			n := c.want(c.expr(args[1]), tInt)
			c.emit(jen.Id(v).Op(":=").Qual(pkgCelNative, "SplitN").Call(s.code, sep.code, n.code))
		} else {
			c.emit(jen.Id(v).Op(":=").Qual("strings", "Split").Call(s.code, sep.code))
		}
		return cval{code: jen.Id(v), typ: tList, elems: tString}, true
	case "substring":
		if !call.IsMemberFunction() || len(args) < 1 || len(args) > 2 {
			unsupported("substring with %d arguments", len(args))
		}
		s, start := c.want(c.expr(call.Target()), tString), c.want(c.expr(args[0]), tInt)
		if len(args) == 1 {
			return c.checked(jen.Qual(pkgCelNative, "SubstringFrom").Call(s.code, start.code), tString), true
		}
		end := c.want(c.expr(args[1]), tInt)
		return c.checked(jen.Qual(pkgCelNative, "Substring").Call(s.code, start.code, end.code), tString), true
	case "replace":
		if !call.IsMemberFunction() || (len(args) != 2 && len(args) != 3) {
			unsupported("replace with %d arguments", len(args))
		}
		str := c.want(c.expr(call.Target()), tString)
		from, to := c.want(c.expr(args[0]), tString), c.want(c.expr(args[1]), tString)
		if len(args) == 2 {
			return cval{code: jen.Qual("strings", "ReplaceAll").Call(str.code, from.code, to.code), typ: tString}, true
		}
		n := c.want(c.expr(args[2]), tInt)
		return cval{code: jen.Qual(pkgCelNative, "ReplaceN").Call(str.code, from.code, to.code, n.code), typ: tString}, true
	case "trim":
		recv, _ := c.member(call, 0)
		return cval{code: jen.Qual("strings", "TrimSpace").Call(c.want(recv, tString).code), typ: tString}, true
	case "join":
		if !call.IsMemberFunction() || len(args) > 1 {
			unsupported("join with %d arguments", len(args))
		}
		list := c.materialize(c.expr(call.Target()))
		if list.typ != tList {
			unsupported("join of a %s", list.typ)
		}
		sep := jen.Lit("")
		if len(args) == 1 {
			sep = c.want(c.expr(args[0]), tString).code
		}
		if list.elems == tString || plainStrings(list) {
			return cval{code: jen.Qual("strings", "Join").Call(list.code, sep), typ: tString}, true
		}
		if c.itemsOf(list) == tString {
			return cval{code: jen.Qual(pkgCelNative, "JoinStrings").Call(list.code, sep), typ: tString}, true
		}
		unsupported("join of a list of %s", c.itemsOf(list))
	case "lowerAscii", "upperAscii":
		recv, _ := c.member(call, 0)
		s := c.want(recv, tString)
		goFn := map[string]string{"lowerAscii": "LowerASCII", "upperAscii": "UpperASCII"}[fn]
		return cval{code: jen.Qual(pkgCelNative, goFn).Call(s.code), typ: tString}, true
	case "charAt":
		recv, a := c.member(call, 1)
		return c.checked(jen.Qual(pkgCelNative, "CharAt").Call(c.want(recv, tString).code, c.want(c.expr(a[0]), tInt).code), tString), true
	case "indexOf", "lastIndexOf":
		if !c.isOverload(e, "string_index_of_string", "string_index_of_string_int", "string_last_index_of_string", "string_last_index_of_string_int") {
			return cval{}, false // the lists library's
		}
		if !call.IsMemberFunction() || len(args) < 1 || len(args) > 2 {
			unsupported("%s with %d arguments", fn, len(args))
		}
		s, sub := c.want(c.expr(call.Target()), tString), c.want(c.expr(args[0]), tString)
		goFn := map[string]string{"indexOf": "IndexOf", "lastIndexOf": "LastIndexOf"}[fn]
		if len(args) == 2 {
			return c.checked(jen.Qual(pkgCelNative, goFn+"Offset").Call(s.code, sub.code, c.want(c.expr(args[1]), tInt).code), tInt), true
		}
		return c.checked(jen.Qual(pkgCelNative, goFn).Call(s.code, sub.code), tInt), true
	case "format":
		return c.format(call), true
	case "strings.quote":
		a := global(call, 1)
		return cval{code: jen.Qual(pkgCelNative, "Quote").Call(c.want(c.expr(a[0]), tString).code), typ: tString}, true
	case "reverse":
		if !c.isOverload(e, "string_reverse") {
			return cval{}, false
		}
		recv, _ := c.member(call, 0)
		return cval{code: jen.Qual(pkgCelNative, "Reverse").Call(c.want(recv, tString).code), typ: tString}, true
	}
	return cval{}, false
}

// regexp is the package-level variable of a literal pattern; other patterns stay in cel-go.
func (c *compiler) regexp(pat celast.Expr) string {
	lit, ok := literalString(pat)
	if !ok {
		unsupported("a regular expression that is not a literal")
	}
	if _, err := regexp.Compile(lit); err != nil {
		unsupported("an invalid regular expression")
	}
	return c.d.RegexpVar(lit)
}

// format compiles the string extension's format() for a literal format string of %s, %d and %%
// clauses over a list literal of strings, ints, uints and bools: what cel-go writes for those is
// their plain decimal or text form. Other clauses (precision, %f, %e, %x, %o, %b) and values (lists,
// maps, doubles, timestamps...) stay in cel-go.
func (c *compiler) format(call celast.CallExpr) cval {
	args := call.Args()
	if !call.IsMemberFunction() || len(args) != 1 {
		unsupported("format with %d arguments", len(args))
	}
	f, ok := literalString(call.Target())
	if !ok {
		unsupported("format() of a format string that is not a literal")
	}
	if args[0].Kind() != celast.ListKind {
		unsupported("format() of arguments that are not a list literal")
	}
	l := args[0].AsList()
	var parts []jen.Code
	text := []rune{}
	n := 0
	rs := []rune(f)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			text = append(text, rs[i])
			continue
		}
		if i+1 == len(rs) {
			unsupported("format() of a format string ending in %%")
		}
		i++
		verb := rs[i]
		if verb == '%' {
			text = append(text, '%')
			continue
		}
		if verb != 's' && verb != 'd' {
			unsupported("format() with the clause %%%c", verb)
		}
		if n >= len(l.Elements()) || l.IsOptional(int32(n)) {
			unsupported("format() with fewer arguments than clauses")
		}
		if len(text) > 0 {
			parts = append(parts, jen.Lit(string(text)))
			text = text[:0]
		}
		v := c.let(c.expr(l.Elements()[n]))
		n++
		switch {
		case v.typ == tString && verb == 's':
			parts = append(parts, v.code)
		case v.typ == tInt:
			parts = append(parts, jen.Qual("strconv", "FormatInt").Call(v.code, jen.Lit(10)))
		case v.typ == tUint:
			parts = append(parts, jen.Qual("strconv", "FormatUint").Call(v.code, jen.Lit(10)))
		case v.typ == tBool && verb == 's':
			parts = append(parts, jen.Qual("strconv", "FormatBool").Call(v.code))
		default:
			unsupported("%%%c of a %s in format()", verb, v.typ)
		}
	}
	if n != len(l.Elements()) {
		unsupported("format() with more arguments than clauses")
	}
	if len(text) > 0 || len(parts) == 0 {
		parts = append(parts, jen.Lit(string(text)))
	}
	code := jen.Add(parts[0])
	for _, p := range parts[1:] {
		code = code.Op("+").Add(p)
	}
	return cval{code: jen.Parens(code), typ: tString}
}
