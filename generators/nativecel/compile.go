package nativecel

import (
	"fmt"
	"regexp"
	"time"

	gotypes "go/types"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/model"
)

// Full translation of CEL rules.
//
// Compile turns a rule in the native subset into Go that computes what cel-go computes for it in
// the API server's environment: the rule's result, or its evaluation error (absent field, absent
// map key, index out of bounds, int overflow, division by zero, optional.none() dereference),
// with CEL's commutative && and || (an error on one side is absorbed when the other side decides)
// and the error rules of the comprehension macros. The messageExpression compiles the same way.
//
// What the subset holds (README "CEL compiled to Go" lists it for authors):
//
//   - self and oldSelf (optional or not) at places whose Go type reads as CEL reads it: structs,
//     lists of structs or scalars, maps with string keys, strings, ints, bools, resource.Quantity;
//     field selection and has() on struct fields (absent: nil pointer, omitempty zero), list
//     indexing, map indexing and `in`;
//   - literals (bool, int, string, lists of them on the right of `in`);
//   - !, &&, ||, ?: (scalar results), ==, != (ints, strings, bools), <, <=, >, >= (ints, strings),
//     +, -, *, /, % and unary - on ints (overflow and division by zero are errors), + on strings;
//   - size() of strings (code points), lists and maps; startsWith, endsWith, contains, matches
//     (a literal pattern, compiled once), lowerAscii, upperAscii, string(int);
//   - the macros all, exists and exists_one over lists and map keys (the context is checked every
//     CheckFrequency iterations, as cel-go checks it);
//   - optional oldSelf: hasValue(), value(), orValue() of scalars; optional field selection
//     (self.?a.?b) on struct fields;
//   - quantity(literal), quantity(string(q)), isGreaterThan, isLessThan, compareTo.
//
// Cost: the caller compiles a rule to Go only when its estimated worst-case cost at the place
// (CEL's own estimator, with the place's size limits) is within the API server's per-call limit,
// so the runtime limit provably never stops it and no runtime cost accounting is needed.
//
// Anything else leaves the rule to cel-go; the reason names the construct (--cel-report).

// Decls declares the package-level values compiled code uses, once per value.
type Decls interface {
	Quantities
	// RegexpVar returns the name of a package-level *regexp.Regexp compiled from pattern.
	RegexpVar(pattern string) string
}

// Program is a rule compiled to Go: function bodies over (ctx context.Context, self, old *T) where
// T is the Go type at the place; old is nil on create and for an uncorrelated value.
type Program struct {
	// Rule is the body of a function returning (bool, error).
	Rule []jen.Code
	// Message is the body of a function returning (string, error) for the messageExpression, nil
	// without one.
	Message []jen.Code
}

// Unsupported explains why a rule stays in CEL.
type Unsupported struct{ Why string }

func (u Unsupported) Error() string { return u.Why }

func unsupported(format string, args ...any) {
	panic(Unsupported{fmt.Sprintf(format, args...)})
}

// Compile translates r at a place described by n (resourceRoot: the root of a kind). It returns
// the Go program, or why the rule (or its messageExpression) is outside the subset.
func Compile(r model.Rule, n *model.Node, resourceRoot bool, compat *version.Version, d Decls) (p *Program, why string) {
	defer func() {
		if x := recover(); x != nil {
			u, ok := x.(Unsupported)
			if !ok {
				panic(x)
			}
			p, why = nil, u.Why
		}
	}()
	p = &Program{Rule: compileExpr(r, r.Rule, n, resourceRoot, compat, d, tBool)}
	if r.MessageExpression != "" {
		p.Message = compileExpr(r, r.MessageExpression, n, resourceRoot, compat, d, tString)
	}
	return p, ""
}

func compileExpr(r model.Rule, src string, n *model.Node, root bool, compat *version.Version, d Decls, want ctype) []jen.Code {
	env := celenv.EnvSet(compat).NewExpressionsEnv()
	ast, iss := env.Parse(src)
	if iss != nil && iss.Err() != nil {
		unsupported("does not parse")
	}
	c := &compiler{d: d, root: root, vars: map[string]cval{}, zero: zeroOf(want)}
	var body []jen.Code
	c.out = &body
	self := c.selfVal(n, "self")
	self.root = root
	c.vars["self"] = self
	if r.IsTransition() {
		old := c.selfVal(n, "old")
		if r.OptionalOldSelf {
			c.vars["oldSelf"] = cval{typ: tOptional, present: jen.Id("old").Op("!=").Nil(), elem: &old}
		} else {
			c.vars["oldSelf"] = old // the caller runs the rule only with an old value
		}
	}
	v := c.expr(ast.NativeRep().Expr())
	if v.typ != want {
		unsupported("a result of type %s", v.typ)
	}
	c.emit(jen.Return(v.code, jen.Nil()))
	return body
}

type ctype int

const (
	tBool ctype = iota + 1
	tInt
	tString
	tList
	tMap
	tStruct
	tOptional
	tQuantity
	tQuantityStr
	tDuration
)

func (t ctype) String() string {
	return [...]string{"?", "bool", "int", "string", "list", "map", "object", "optional", "quantity", "string(quantity)", "duration"}[t]
}

// cval is a compiled value: a Go expression (pure and cheap: it may be repeated) valid after
// the statements emitted before it.
type cval struct {
	code    *jen.Statement
	typ     ctype
	node    *model.Node    // effective node of lists, maps, structs (the value's schema)
	elem    *cval          // optional: the value when there is one
	present *jen.Statement // optional: whether there is one
	lits    []cval         // a literal list
	strs    bool           // a computed list of strings (split): code is a []string variable
	root    bool           // self at a resource root
}

type compiler struct {
	d     Decls
	root  bool
	vars  map[string]cval
	out   *[]jen.Code
	zero  *jen.Statement // the zero value failure exits return: a slot filled once known (see sub)
	fails int            // how many failure exits were emitted
	tmp   int
}

func zeroOf(t ctype) *jen.Statement {
	switch t {
	case tBool:
		return jen.False()
	case tInt:
		return jen.Lit(0)
	case tString:
		return jen.Lit("")
	}
	panic("no zero value")
}

func goTypeOf(t ctype) *jen.Statement {
	switch t {
	case tBool:
		return jen.Bool()
	case tInt:
		return jen.Int64()
	case tString:
		return jen.String()
	case tDuration:
		return jen.Qual("time", "Duration")
	}
	unsupported("a %s value here", t)
	return nil
}

func (c *compiler) emit(code ...jen.Code) { *c.out = append(*c.out, code...) }

func (c *compiler) temp(prefix string) string {
	c.tmp++
	return fmt.Sprintf("%s%d", prefix, c.tmp)
}

// fail emits the exit with err when cond holds.
func (c *compiler) fail(cond, err *jen.Statement) {
	c.fails++
	c.emit(jen.If(cond).Block(jen.Return(c.zero, err)))
}

// sub compiles f into its own statements; fallible reports whether they may exit with an error.
// Their exits return the zero value slot: the caller fills it, with inline(slot) when it emits
// the statements in the current function, or with the zero of a closure's result.
func (c *compiler) sub(f func() cval) (stmts []jen.Code, v cval, fallible bool, slot *jen.Statement) {
	saved, fails, savedZero := c.out, c.fails, c.zero
	slot = &jen.Statement{}
	c.out, c.zero = &stmts, slot
	v = f()
	c.out, c.zero = saved, savedZero
	return stmts, v, c.fails != fails, slot
}

// inline fills a sub's zero value slot for statements emitted in the current function.
func (c *compiler) inline(slot *jen.Statement) { *slot = jen.Statement{c.zero} }

func isQuantityType(t gotypes.Type) bool { return isQuantity(t) }

func (c *compiler) selfVal(n *model.Node, ident string) cval {
	eff := model.Effective(n)
	if isQuantityType(n.ValueType()) {
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
		return cval{code: convert(celTypeOf(typ), jen.Op("*").Id(ident)), typ: typ2(typ), node: eff}
	}
	unsupported("self of Go type %s", n.ValueType())
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

// typ2 and celTypeOf move between the guard's types and the compiler's.
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

func celTypeOf(t celType) celType { return t }

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
func (c *compiler) elemVal(code *jen.Statement, node *model.Node, goType gotypes.Type) cval {
	eff := model.Effective(node)
	if node.Pointer {
		unsupported("items that are pointers")
	}
	if isQuantityType(node.ValueType()) {
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
		unsupported("items of Go type %s", node.ValueType())
	}
	return cval{code: convertC(typ2(typ), code), typ: typ2(typ), node: eff}
}

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
	return c.elemVal(jen.Id(v), m.node.Values, nil)
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
			if a.strs {
				return cval{code: jen.Add(a.code).Index(jen.Id(iv)), typ: tString}
			}
			return c.elemVal(jen.Parens(a.code).Index(jen.Id(iv)), a.node.Items, nil)
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
		return cval{code: jen.Id(v), typ: tList, strs: true}
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
	if isQuantityType(p.Node.ValueType()) {
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
		unsupported("the field %s of Go type %s", p.Name, p.Node.ValueType())
	}
	return cval{code: convertC(typ2(typ), f), typ: typ2(typ), node: n}
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
	c.emit(jen.List(jen.Id(val), jen.Id(err)).Op(":=").Func().Params().Params(jen.Bool(), jen.Error()).Block(stmts...).Call())
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
		item := c.elemVal(jen.Id(it), coll.node.Items, nil)
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

type macro int

const (
	macroAll macro = iota + 1
	macroExists
	macroExistsOne
	macroFilterCount // filter(...).size()
)

// whichMacro recognizes the comprehensions the all, exists and exists_one macros expand to.
func whichMacro(cx celast.ComprehensionExpr) macro {
	if cx.HasIterVar2() {
		return 0
	}
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
		if isFilter(cx) {
			unsupported("a filter() whose list is used other than by its size")
		}
		unsupported("a comprehension other than all, exists, exists_one, and filter().size()")
	}
	return c.macro(cx, m)
}

// macro compiles a recognized macro.
func (c *compiler) macro(cx celast.ComprehensionExpr, m macro) cval {
	coll := c.expr(cx.IterRange())
	it := c.temp("it")
	var item cval
	var loop *jen.Statement
	i := c.temp("i")
	switch {
	case coll.typ == tList && coll.strs:
		item = cval{code: jen.Add(coll.code).Index(jen.Id(i)), typ: tString}
		loop = jen.For(jen.Id(i).Op(":=").Range().Add(coll.code))
	case coll.typ == tList && coll.lits == nil:
		item = c.elemVal(jen.Parens(coll.code).Index(jen.Id(i)), coll.node.Items, nil)
		loop = jen.For(jen.Id(i).Op(":=").Range().Add(coll.code))
	case coll.typ == tMap:
		item = cval{code: jen.String().Call(jen.Id(it)), typ: tString}
		loop = jen.For(jen.Id(it).Op(":=").Range().Add(coll.code))
	default:
		unsupported("a macro over a %s", coll.typ)
	}
	saved, had := c.vars[cx.IterVar()]
	c.vars[cx.IterVar()] = item
	stmts, bv, fallible, zb := c.sub(func() cval { return c.want(c.expr(body(cx, m)), tBool) })
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
		c.emit(loop.Block(append([]jen.Code{interrupt}, inner...)...))
		if berr != "" {
			c.emit(jen.If(jen.Id(r).Op("==").Lit(!decides).Op("&&").Id(rerr).Op("!=").Nil()).Block(jen.Return(c.zero, jen.Id(rerr))))
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
		c.emit(loop.Block(append([]jen.Code{interrupt}, inner...)...))
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
