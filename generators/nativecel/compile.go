package nativecel

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/types"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/model"
)

// Full translation of CEL rules.
//
// Compile turns a rule in the native subset into Go that computes what cel-go computes for it in
// the API server's environment: the rule's result, or its evaluation error (absent field, absent
// map key, index out of bounds, int overflow, division by zero, optional.none() dereference, a
// string that does not parse as its format says), with CEL's commutative && and || (an error on
// one side is absorbed when the other side decides) and the error rules of the comprehension
// macros. The messageExpression compiles the same way.
//
// The rule is type-checked as the API server type-checks it at its place (celenv.Envs): the
// compiler follows the checker's types, and reads values as the API server reads them from the
// published schema at the place (genruntime/celrt's values.go): a string of format duration is a
// duration, date and date-time are timestamps, an int-or-string is an int or a string, a null is
// absent, list equality follows x-kubernetes-list-type.
//
// What the subset holds is listed in docs/guides/cel-rules.md ("At run time"); anything else leaves the
// rule to cel-go with the reason (--cel-report).
//
// Cost: the caller compiles a rule to Go only when its estimated worst-case cost at the place
// (CEL's own estimator, with the place's size limits) is within the API server's per-call limit,
// so the runtime limit provably never stops it and no runtime cost accounting is needed.

// Decls declares the package-level values compiled code uses, once per value.
type Decls interface {
	Quantities
	// RegexpVar returns the name of a package-level value with the methods of a *regexp.Regexp
	// compiled from pattern (a *genruntime.Matcher).
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

// The reasons Compile gives start with one of these: what the rule uses is outside the subset
// compiled to Go (the construct follows), or the compiler failed on it (a bug: the rule then runs
// in cel-go, and the fuzz tests look for this).
const (
	NotCompiled   = "not compiled to Go: "
	InternalError = "the native compiler failed on this rule (a bug; please report it): "
)

// Place is where a rule sits: the node of the Go value, the CRD-style schema typing self (JSON,
// with the place's size limits), whether it is the root of a kind, and the compatibility version.
type Place struct {
	Node   *model.Node
	Schema []byte
	Root   bool
	Compat *version.Version
}

// Compile translates r at place p. It returns the Go program, or why the rule (or its
// messageExpression) is outside the subset.
func Compile(r model.Rule, p Place, d Decls) (prog *Program, why string) {
	var cur *compiler // the compiler at work, for where in the rule it stopped
	var curSrc, curName string
	defer func() {
		if x := recover(); x != nil {
			prog = nil
			if u, ok := x.(Unsupported); ok {
				why = NotCompiled + u.Why
				if cur != nil {
					why += cur.where(curSrc, curName)
				}
				return
			}
			why = InternalError + fmt.Sprint(x) + firstFrames(debug.Stack())
		}
	}()
	var s spec.Schema
	if err := json.Unmarshal(p.Schema, &s); err != nil {
		unsupported("the place's schema does not decode: %v", err)
	}
	envs, err := celenv.Envs(p.Schema, p.Root, p.Compat)
	if err != nil {
		unsupported("the place's rules cannot be typed: %v", err)
	}
	env := envs.OldSelf
	if r.OptionalOldSelf {
		env = envs.OptionalOldSelf
	}
	compileOne := func(src, name string, want *types.Type) []jen.Code {
		ast, iss := env.Compile(src)
		if iss != nil && iss.Err() != nil {
			unsupported("it does not type-check: %v", iss.Err())
		}
		checked := ast.NativeRep()
		c := &compiler{d: d, ast: checked, vars: map[string]cval{}, zero: zeroOf(want)}
		cur, curSrc, curName = c, src, name
		var body []jen.Code
		c.out = &body
		self := c.selfVal(p.Node, &s, "self")
		self.root = p.Root
		c.vars["self"] = self
		if r.IsTransition() {
			old := c.selfVal(p.Node, &s, "old")
			old.root = p.Root
			if r.OptionalOldSelf {
				c.vars["oldSelf"] = cval{typ: tOptional, present: jen.Id("old").Op("!=").Nil(), elem: &old}
			} else {
				c.vars["oldSelf"] = old // the caller runs the rule only with an old value
			}
		}
		v := c.want(c.expr(checked.Expr()), typeOfCEL(want))
		c.emit(jen.Return(v.code, jen.Nil()))
		return body
	}
	prog = &Program{Rule: compileOne(r.Rule, "the rule", types.BoolType)}
	if r.MessageExpression != "" {
		prog.Message = compileOne(r.MessageExpression, "the messageExpression", types.StringType)
	}
	return prog, ""
}

// whereSep starts the part of a NotCompiled reason that quotes where the compiler stopped.
const whereSep = ", in "

// unclosed reports text that opens more parentheses, brackets or braces than it closes.
func unclosed(text string) bool {
	for _, p := range []string{"()", "[]", "{}"} {
		if strings.Count(text, p[:1]) > strings.Count(text, p[1:]) {
			return true
		}
	}
	return false
}

// Construct is a reason without the quote of where the compiler stopped: the construct alone,
// for counting reasons.
func Construct(reason string) string {
	cut := len(reason)
	for _, sep := range []string{whereSep + "`", whereSep + "the messageExpression: `"} {
		if i := strings.Index(reason, sep); i >= 0 && i < cut {
			cut = i
		}
	}
	return reason[:cut]
}

// where quotes the innermost expression being compiled when the compiler stopped (src is the
// rule's or messageExpression's text, name says which), as ", in `size(b)`" or ", in the
// messageExpression: `...`"; "" when that is the whole rule.
func (c *compiler) where(src, name string) string {
	if len(c.at) == 0 {
		return ""
	}
	e := c.at[len(c.at)-1]
	runes := []rune(src)
	start, end := len(runes), 0
	info := c.ast.SourceInfo()
	celast.PostOrderVisit(e, celast.NewExprVisitor(func(x celast.Expr) {
		r, ok := info.GetOffsetRange(x.ID())
		if !ok || r.Start < 0 || int(r.Start) >= len(runes) {
			return
		}
		start = min(start, int(r.Start))
		// The parser's stop is the start plus the token's length in bytes.
		i := int(r.Start)
		for n := int(r.Stop - r.Start); n > 0 && i < len(runes); i++ {
			n -= utf8.RuneLen(runes[i])
		}
		end = max(end, i)
	}))
	if start >= end {
		return ""
	}
	// A global call's range starts at its parenthesis: take in the function's name.
	if e.Kind() == celast.CallKind && !e.AsCall().IsMemberFunction() && start > 0 && runes[start-1] != ' ' {
		for start > 0 && (unicode.IsLetter(runes[start-1]) || unicode.IsDigit(runes[start-1]) || runes[start-1] == '_' || runes[start-1] == '.') {
			start--
		}
	}
	// Take in the closing parentheses of calls, brackets of lists and braces of maps.
	for end < len(runes) && unclosed(string(runes[start:end])) {
		end++
	}
	text := strings.TrimSpace(string(runes[start:end]))
	if text == strings.TrimSpace(src) && name == "the rule" {
		return ""
	}
	if r := []rune(text); len(r) > 60 {
		text = string(r[:57]) + "..."
	}
	if name == "the rule" {
		return whereSep + "`" + text + "`"
	}
	return whereSep + name + ": `" + text + "`"
}

// firstFrames keeps the frames of a panic's stack that are in this package, for the report.
func firstFrames(stack []byte) string {
	var out []string
	for _, l := range strings.Split(string(stack), "\n") {
		if strings.Contains(l, "/generators/nativecel/") && strings.HasPrefix(strings.TrimSpace(l), "/") {
			out = append(out, strings.TrimSpace(l[strings.LastIndex(l, "/")+1:]))
			if len(out) == 3 {
				break
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " (at " + strings.Join(out, ", ") + ")"
}

// ctype is how compiled code holds a value.
type ctype int

const (
	tBool ctype = iota + 1
	tInt
	tUint
	tDouble
	tString
	tBytes
	tDuration  // time.Duration
	tTimestamp // time.Time
	tList
	tMap
	tStruct // a Go struct read as an object of its schema
	tMeta   // metadata at a resource root: code is the metav1.ObjectMeta
	tOptional
	tIntOrString // an intstr.IntOrString: an int or a string (CEL dyn)
	tQuantity
	tQuantityStr
	tIP   // netip.Addr
	tCIDR // netip.Prefix
	tURL  // *url.URL
	tURLQuery
	tFormat // a named format of the format library: code is a func(string) []string
	tNull
	tType   // a CEL type value: code is a Go string naming it
	tMapLit // a map literal of constant string keys and scalar values: lookups only (maplit.go)
)

func (t ctype) String() string {
	return [...]string{"?", "bool", "int", "uint", "double", "string", "bytes", "duration", "timestamp", "list", "map", "object",
		"metadata", "optional", "int-or-string", "quantity", "string(quantity)", "ip", "cidr", "url", "url query", "format", "null", "type",
		"map literal"}[t]
}

// scalar reports the types whose Go values compare with ==.
func (t ctype) scalar() bool {
	switch t {
	case tBool, tInt, tUint, tDouble, tString, tDuration:
		return true
	}
	return false
}

// cval is a compiled value: a Go expression (pure and cheap: it may be repeated) valid after
// the statements emitted before it.
type cval struct {
	code *jen.Statement
	typ  ctype
	t    *types.Type // the checked CEL type (nil for values the compiler made)

	// Values read from the object: the Go value's model node (effective) and its published schema.
	node   *model.Node
	schema *spec.Schema

	elem    *cval          // optional: the value when there is one
	present *jen.Statement // optional: whether there is one
	lits    []cval         // a literal list's elements
	mlit    *mapLit        // a map literal (tMapLit)
	lit     bool           // a literal list (lits may be empty)
	elems   ctype          // a computed list (split, map, filter): code is a Go slice of this type
	root    bool           // self at a resource root
}

type compiler struct {
	d     Decls
	ast   *celast.AST
	vars  map[string]cval
	out   *[]jen.Code
	zero  *jen.Statement // the zero value failure exits return: a slot filled once known (see sub)
	fails int            // how many failure exits were emitted
	tmp   int
	at    []celast.Expr // the expressions being compiled, outermost first (for Compile's reasons)
}

// typeOf is the checked type of e.
func (c *compiler) typeOf(e celast.Expr) *types.Type {
	if t := c.ast.GetType(e.ID()); t != nil {
		return t
	}
	return types.DynType
}

// typeOfCEL is how compiled code holds a value of CEL type t, when it is a scalar.
func typeOfCEL(t *types.Type) ctype {
	switch t.Kind() {
	case types.BoolKind:
		return tBool
	case types.IntKind:
		return tInt
	case types.UintKind:
		return tUint
	case types.DoubleKind:
		return tDouble
	case types.StringKind:
		return tString
	case types.BytesKind:
		return tBytes
	case types.DurationKind:
		return tDuration
	case types.TimestampKind:
		return tTimestamp
	}
	return 0
}

func zeroOf(t *types.Type) *jen.Statement {
	switch t.Kind() {
	case types.BoolKind:
		return jen.False()
	case types.StringKind:
		return jen.Lit("")
	}
	panic("no zero value")
}

// zeroGo is the Go zero value of a scalar type.
func zeroGo(t ctype) *jen.Statement {
	switch t {
	case tBool:
		return jen.False()
	case tInt, tUint, tDouble, tDuration:
		return jen.Lit(0)
	case tString:
		return jen.Lit("")
	case tTimestamp:
		return jen.Qual("time", "Time").Values()
	}
	unsupported("a %s value here", t)
	return nil
}

func goTypeOf(t ctype) *jen.Statement {
	switch t {
	case tBool:
		return jen.Bool()
	case tInt:
		return jen.Int64()
	case tUint:
		return jen.Uint64()
	case tDouble:
		return jen.Float64()
	case tString:
		return jen.String()
	case tDuration:
		return jen.Qual("time", "Duration")
	case tTimestamp:
		return jen.Qual("time", "Time")
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

// checked emits a call returning (T, error) and exits on its error.
func (c *compiler) checked(call *jen.Statement, typ ctype) cval {
	v, err := c.temp("v"), c.temp("err")
	c.emit(jen.List(jen.Id(v), jen.Id(err)).Op(":=").Add(call))
	c.fail(jen.Id(err).Op("!=").Nil(), jen.Id(err))
	return cval{code: jen.Id(v), typ: typ}
}

// discard marks a computed value as used where CEL evaluates it only for its errors (the size of
// a list literal, type(), x in []): Go refuses variables that are never read.
func (c *compiler) discard(v cval) {
	if v.code != nil {
		if id := v.code.GoString(); isTemp(id) {
			c.emit(jen.Id("_").Op("=").Add(v.code))
		}
	}
	for _, x := range v.lits {
		c.discard(x)
	}
	if v.elem != nil {
		c.discard(*v.elem)
	}
}

// isTemp reports the name of a variable compiled code declared (temp).
func isTemp(s string) bool {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z') {
		i++
	}
	if i == 0 || i == len(s) {
		return false
	}
	for _, r := range s[i:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// let binds a value to a variable, so that an expression is evaluated once.
func (c *compiler) let(v cval) cval {
	switch v.typ {
	case tBool, tInt, tUint, tDouble, tString, tDuration, tTimestamp:
	default:
		return v
	}
	name := c.temp("x")
	c.emit(jen.Id(name).Op(":=").Add(v.code))
	v.code = jen.Id(name)
	return v
}
