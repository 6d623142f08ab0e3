package nativecel

import (
	"fmt"

	"github.com/dave/jennifer/jen"

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
//     (a literal pattern, compiled once), find, findAll, lowerAscii, upperAscii, replace, trim,
//     split, join, substring, string(int); duration() of strings, compared as durations;
//   - the Kubernetes lists library on lists of ints and strings: isSorted, sum, min, max, indexOf,
//     lastIndexOf; the IP and CIDR library: isIP, isCIDR, ip(), cidr(), family(), isLoopback(),
//     isUnspecified(), containsIP(), ip() of a CIDR, prefixLength(); the URL library: isURL, url(),
//     getScheme(), getHost(), getHostname(), getPort(), getEscapedPath(), getQuery().size();
//   - the macros all, exists and exists_one over lists and map keys, map and filter over lists
//     (lists of scalars; filter().size() counts) (the context is checked every CheckFrequency
//     iterations, as cel-go checks it);
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
	tIP   // netip.Addr
	tCIDR // netip.Prefix
	tURL  // *url.URL
	tURLQuery
)

func (t ctype) String() string {
	return [...]string{"?", "bool", "int", "string", "list", "map", "object", "optional", "quantity", "string(quantity)", "duration", "ip", "cidr", "url", "url query"}[t]
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
	elems   ctype          // a computed list (split, map, filter) of this scalar type: code is a Go slice variable
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
