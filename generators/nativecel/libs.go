package nativecel

import (
	"strings"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
)

// The Kubernetes libraries (quantity, IP and CIDR, URL, format), optionals and conversions.

// formats are the format library's named formats, by the name format.named() and the functions
// format.<name>() take, and celnative's function that validates them.
var formats = map[string]string{
	"dns1123Label": "FormatDNS1123Label", "dns1123Subdomain": "FormatDNS1123Subdomain", "dns1035Label": "FormatDNS1035Label",
	"qualifiedName": "FormatQualifiedName", "dns1123LabelPrefix": "FormatDNS1123LabelPrefix",
	"dns1123SubdomainPrefix": "FormatDNS1123SubdomainPrefix", "dns1035LabelPrefix": "FormatDNS1035LabelPrefix",
	"labelValue": "FormatLabelValue", "uri": "FormatURI", "uuid": "FormatUUID", "byte": "FormatByte", "date": "FormatNamedDate",
	"datetime": "FormatDatetime",
}

func (c *compiler) libCall(e celast.Expr, call celast.CallExpr) (cval, bool) {
	args := call.Args()
	fn := call.FunctionName()
	if name, ok := strings.CutPrefix(fn, "format."); ok && name != "named" {
		global(call, 0)
		goFn, ok := formats[name]
		if !ok {
			unsupported("the format %s", name)
		}
		return cval{code: jen.Qual(pkgCelNative, goFn), typ: tFormat}, true
	}
	switch fn {
	case "format.named":
		a := global(call, 1)
		lit, ok := literalString(a[0])
		if !ok {
			unsupported("format.named() of a name that is not a literal")
		}
		goFn, known := formats[lit]
		if !known {
			return cval{typ: tOptional, present: jen.False()}, true // optional.none()
		}
		return cval{typ: tOptional, present: jen.True(), elem: &cval{code: jen.Qual(pkgCelNative, goFn), typ: tFormat}}, true
	case "validate":
		recv, a := c.member(call, 1)
		if recv.typ != tFormat {
			unsupported("validate on a %s", recv.typ)
		}
		s := c.want(c.expr(a[0]), tString)
		errs := c.temp("errs")
		c.emit(jen.Id(errs).Op(":=").Add(recv.code).Call(s.code))
		return cval{typ: tOptional, present: jen.Len(jen.Id(errs)).Op(">").Lit(0), elem: &cval{code: jen.Id(errs), typ: tList, elems: tString}}, true
	case "optional.none":
		global(call, 0)
		return cval{typ: tOptional, present: jen.False()}, true
	case "optional.of":
		a := global(call, 1)
		v := c.expr(a[0])
		return cval{typ: tOptional, present: jen.True(), elem: &v}, true
	case "first", "last":
		recv, _ := c.member(call, 0)
		if recv.typ != tList {
			unsupported("%s of a %s", fn, recv.typ)
		}
		l := c.materialize(recv)
		i := jen.Lit(0)
		if fn == "last" {
			i = jen.Len(l.code.Clone()).Op("-").Lit(1)
		}
		stmts, item, fallible, _ := c.sub(func() cval { return c.item(l, i) })
		if len(stmts) > 0 || fallible {
			unsupported("%s of a list whose items need statements to read", fn)
		}
		return cval{typ: tOptional, present: jen.Len(l.code.Clone()).Op(">").Lit(0), elem: &item}, true
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
			return cval{code: jen.Parens(opt.present.Clone()), typ: tBool}, true
		case "value":
			if opt.elem == nil {
				unsupported("value() of optional.none()")
			}
			c.fail(jen.Op("!").Parens(opt.present.Clone()), jen.Qual(pkgCelNative, "ErrNoneDereference"))
			return *opt.elem, true
		}
		// orValue: the default is evaluated (and may fail) whether or not it is used.
		def := c.expr(arg[0])
		if opt.elem == nil {
			return def, true // optional.none().orValue(x)
		}
		if opt.elem.typ == tList && def.typ == tList {
			et := c.itemsOf(*opt.elem)
			if et == 0 || opt.elem.elems == 0 || (def.lit && len(def.lits) > 0) {
				unsupported("orValue of a list")
			}
			r := c.temp("v")
			c.emit(jen.Var().Id(r).Index().Add(goTypeOf(et)), jen.If(opt.present.Clone()).Block(jen.Id(r).Op("=").Add(opt.elem.code)))
			return cval{code: jen.Id(r), typ: tList, elems: et}, true
		}
		if def.typ != opt.elem.typ {
			unsupported("orValue of a %s with a %s", opt.elem.typ, def.typ)
		}
		r := c.temp("v")
		c.emit(jen.Var().Id(r).Add(goTypeOf(def.typ)),
			jen.If(opt.present.Clone()).Block(jen.Id(r).Op("=").Add(opt.elem.code)).Else().Block(jen.Id(r).Op("=").Add(def.code)))
		return cval{code: jen.Id(r), typ: def.typ}, true
	case "isIP", "isCIDR":
		a := global(call, 1)
		s := c.want(c.expr(a[0]), tString)
		return cval{code: jen.Qual(pkgCelNative, map[string]string{"isIP": "IsIP", "isCIDR": "IsCIDR"}[fn]).Call(s.code), typ: tBool}, true
	case "ip", "cidr":
		if !call.IsMemberFunction() && len(args) == 1 {
			a := c.want(c.expr(args[0]), tString)
			return c.checked(jen.Qual(pkgCelNative, map[string]string{"ip": "ParseIP", "cidr": "ParseCIDR"}[fn]).Call(a.code), map[string]ctype{"ip": tIP, "cidr": tCIDR}[fn]), true
		}
		if fn == "ip" && call.IsMemberFunction() && len(args) == 0 {
			p := c.want(c.expr(call.Target()), tCIDR)
			return cval{code: p.code.Clone().Dot("Addr").Call(), typ: tIP}, true
		}
		unsupported("%s with %d arguments", fn, len(args))
	case "family":
		recv, _ := c.member(call, 0)
		return c.checked(jen.Qual(pkgCelNative, "IPFamily").Call(c.want(recv, tIP).code), tInt), true
	case "isLoopback", "isUnspecified":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tIP).code.Clone().Dot(map[string]string{"isLoopback": "IsLoopback", "isUnspecified": "IsUnspecified"}[fn]).Call(), typ: tBool}, true
	case "prefixLength":
		recv, _ := c.member(call, 0)
		return cval{code: jen.Int64().Call(c.want(recv, tCIDR).code.Clone().Dot("Bits").Call()), typ: tInt}, true
	case "containsIP":
		recv, arg := c.member(call, 1)
		p, a := c.want(recv, tCIDR), c.expr(arg[0])
		switch a.typ {
		case tIP:
			return cval{code: p.code.Clone().Dot("Contains").Call(a.code), typ: tBool}, true
		case tString:
			return c.checked(jen.Qual(pkgCelNative, "ContainsIPString").Call(p.code, a.code), tBool), true
		}
		unsupported("containsIP of a %s", a.typ)
	case "isURL":
		a := global(call, 1)
		return cval{code: jen.Qual(pkgCelNative, "IsURL").Call(c.want(c.expr(a[0]), tString).code), typ: tBool}, true
	case "url":
		a := global(call, 1)
		return c.checked(jen.Qual(pkgCelNative, "ParseURL").Call(c.want(c.expr(a[0]), tString).code), tURL), true
	case "getScheme", "getHost":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tURL).code.Clone().Dot(strings.TrimPrefix(fn, "get")), typ: tString}, true
	case "getHostname", "getPort", "getEscapedPath":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tURL).code.Clone().Dot(strings.TrimPrefix(fn, "get")).Call(), typ: tString}, true
	case "getQuery":
		recv, _ := c.member(call, 0)
		return cval{code: c.want(recv, tURL).code.Clone().Dot("Query").Call(), typ: tURLQuery}, true
	case "type":
		a := global(call, 1)
		v := c.expr(a[0])
		switch v.typ {
		case tIntOrString:
			return cval{code: jen.Qual(pkgCelNative, "IntOrStringType").Call(v.code), typ: tType}, true
		case tBool, tInt, tUint, tDouble, tString, tDuration, tTimestamp, tList, tMap:
			c.discard(v) // evaluated for its errors
			return cval{code: jen.Lit(v.t.TypeName()), typ: tType}, true
		}
		unsupported("type() of a %s", v.typ)
	case "quantity":
		a := global(call, 1)
		if lit, ok := literalString(a[0]); ok {
			name, ok := c.d.QuantityVar(lit)
			if !ok {
				unsupported("quantity() of an invalid literal")
			}
			return cval{code: jen.Id(name), typ: tQuantity}, true
		}
		v := c.expr(a[0])
		if v.typ != tQuantityStr {
			unsupported("quantity() of a computed string")
		}
		v.typ = tQuantity
		return v, true
	case "isGreaterThan", "isLessThan", "compareTo":
		recv, arg := c.member(call, 1)
		a, b := recv, c.expr(arg[0])
		if a.typ != tQuantity || b.typ != tQuantity {
			unsupported("%s of %s and %s", fn, a.typ, b.typ)
		}
		cmp := a.code.Clone().Dot("Cmp").Call(b.code)
		switch fn {
		case "isGreaterThan":
			return cval{code: jen.Parens(cmp.Op(">").Lit(0)), typ: tBool}, true
		case "isLessThan":
			return cval{code: jen.Parens(cmp.Op("<").Lit(0)), typ: tBool}, true
		}
		return cval{code: jen.Int64().Call(cmp), typ: tInt}, true
	case "isInteger":
		recv, _ := c.member(call, 0)
		if recv.typ != tQuantity {
			unsupported("isInteger of a %s", recv.typ)
		}
		return cval{code: jen.Qual(pkgCelNative, "QuantityIsInteger").Call(recv.code), typ: tBool}, true
	case "asInteger":
		recv, _ := c.member(call, 0)
		if recv.typ != tQuantity {
			unsupported("asInteger of a %s", recv.typ)
		}
		return c.checked(jen.Qual(pkgCelNative, "QuantityAsInteger").Call(recv.code), tInt), true
	}
	return cval{}, false
}

// conversion compiles the type conversions: int(), uint(), double(), string(), bool(), dyn().
func (c *compiler) conversion(e celast.Expr, call celast.CallExpr) (cval, bool) {
	fn := call.FunctionName()
	switch fn {
	case "int", "uint", "double", "string", "bool", "dyn":
	default:
		return cval{}, false
	}
	a := global(call, 1)
	v := c.expr(a[0])
	switch fn {
	case "dyn":
		return v, true
	case "string":
		switch v.typ {
		case tString:
			return v, true
		case tQuantityStr:
			return v, true // a quantity field is its string
		case tInt:
			return cval{code: jen.Qual("strconv", "FormatInt").Call(v.code, jen.Lit(10)), typ: tString}, true
		case tUint:
			return cval{code: jen.Qual("strconv", "FormatUint").Call(v.code, jen.Lit(10)), typ: tString}, true
		case tBool:
			return cval{code: jen.Qual("strconv", "FormatBool").Call(v.code), typ: tString}, true
		case tDuration:
			return cval{code: jen.Qual(pkgCelNative, "DurationString").Call(v.code), typ: tString}, true
		case tTimestamp:
			return cval{code: jen.Qual(pkgCelNative, "TimestampString").Call(v.code), typ: tString}, true
		case tIntOrString:
			return cval{code: jen.Qual(pkgCelNative, "IntOrStringString").Call(v.code), typ: tString}, true
		}
	case "int":
		switch v.typ {
		case tInt:
			return v, true
		case tUint:
			return c.checked(jen.Qual(pkgCelNative, "UintToInt").Call(v.code), tInt), true
		case tDouble:
			return c.checked(jen.Qual(pkgCelNative, "DoubleToInt").Call(v.code), tInt), true
		case tString:
			return c.checked(jen.Qual(pkgCelNative, "StringToInt").Call(v.code), tInt), true
		case tDuration:
			return cval{code: jen.Int64().Call(v.code), typ: tInt}, true
		case tTimestamp:
			return cval{code: v.code.Clone().Dot("Unix").Call(), typ: tInt}, true
		case tIntOrString:
			return c.checked(jen.Qual(pkgCelNative, "IntOrStringToInt").Call(v.code), tInt), true
		}
	case "uint":
		switch v.typ {
		case tUint:
			return v, true
		case tInt:
			return c.checked(jen.Qual(pkgCelNative, "IntToUint").Call(v.code), tUint), true
		}
	case "double":
		switch v.typ {
		case tDouble:
			return v, true
		case tInt:
			return cval{code: jen.Float64().Call(v.code), typ: tDouble}, true
		case tUint:
			return cval{code: jen.Float64().Call(v.code), typ: tDouble}, true
		}
	case "bool":
		switch v.typ {
		case tBool:
			return v, true
		case tString:
			return c.checked(jen.Qual(pkgCelNative, "StringToBool").Call(v.code), tBool), true
		}
	}
	unsupported("%s() of a %s", fn, v.typ)
	return cval{}, false
}
