package diff

import (
	"fmt"
	"strings"

	"github.com/google/cel-go/common"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/parser"

	"github.com/validation-gen/validation-gen/review"
)

// rules pairs the CEL rules of one field across revisions and classifies each pair: same text
// first, then same message, then same field path and reason, then what is left in order.
func (k *kindCtx) rules(f *review.Field, o, n []review.Fact) []Change {
	var out []Change
	usedO, usedN := make([]bool, len(o)), make([]bool, len(n))
	var pairs []factPair
	match := func(eq func(a, b *review.Rule) bool) {
		for i := range o {
			if usedO[i] {
				continue
			}
			for j := range n {
				if !usedN[j] && eq(o[i].Rule, n[j].Rule) {
					usedO[i], usedN[j] = true, true
					pairs = append(pairs, factPair{&o[i], &n[j]})
					break
				}
			}
		}
	}
	match(func(a, b *review.Rule) bool { return a.Rule == b.Rule })
	match(func(a, b *review.Rule) bool { return normal(a.Rule) != "" && normal(a.Rule) == normal(b.Rule) })
	match(func(a, b *review.Rule) bool { return a.Message != "" && a.Message == b.Message })
	match(func(a, b *review.Rule) bool {
		return a.MessageExpression != "" && a.MessageExpression == b.MessageExpression
	})
	// What is left pairs only one to one: two rules rewritten at one place cannot be told apart.
	var lo, ln []int
	for i := range o {
		if !usedO[i] {
			lo = append(lo, i)
		}
	}
	for j := range n {
		if !usedN[j] {
			ln = append(ln, j)
		}
	}
	if len(lo) == 1 && len(ln) == 1 {
		usedO[lo[0]], usedN[ln[0]] = true, true
		pairs = append(pairs, factPair{&o[lo[0]], &n[ln[0]]})
	}
	for i := range o {
		if !usedO[i] {
			pairs = append(pairs, factPair{&o[i], nil})
		}
	}
	for j := range n {
		if !usedN[j] {
			pairs = append(pairs, factPair{nil, &n[j]})
		}
	}
	for _, p := range pairs {
		if c, ok := k.rule(f, p.old, p.new); ok {
			out = append(out, c)
		}
	}
	return out
}

// rule classifies one pair of rules (either may be nil).
func (k *kindCtx) rule(f *review.Field, o, n *review.Fact) (Change, bool) {
	c := Change{What: "rule"}
	if o != nil {
		c.Before, c.EnforcedBy = ruleText(o), o.By.String()
	}
	if n != nil {
		c.After, c.EnforcedBy = ruleText(n), n.By.String()
	}
	switch {
	case o == nil:
		c.Verdict, c.Why = Tightened, "a new rule: objects it refuses were valid before"
		if n.Rule.Transition {
			c.Why = "a new transition rule: updates it refuses were allowed before"
		}
		return k.effect(c, f, o, n), true
	case n == nil:
		c.Verdict, c.Why = Loosened, "the rule is gone: objects it refused are valid now"
		return k.effect(c, f, o, n), true
	}
	or, nr := o.Rule, n.Rule
	if or.Rule != nr.Rule {
		c.Verdict, c.Why = CEL(or.Rule, nr.Rule)
		if o.Lifecycle.String() != n.Lifecycle.String() {
			c.Why += fmt.Sprintf("; and gated differently: %s, now %s", lifeName(o.Lifecycle), lifeName(n.Lifecycle))
			if c.Verdict == Neutral || c.Verdict == Loosened && rank(n.Lifecycle) > rank(o.Lifecycle) {
				c.Verdict = Changed
			}
		}
		return k.effect(c, f, o, n), true
	}
	if o.Lifecycle.String() != n.Lifecycle.String() || k.serverEnforces(*o) != k.serverEnforces(*n) {
		c2, ok := k.fact(f, "rule", o, n)
		c2.Before, c2.After = c.Before, c.After
		return c2, ok
	}
	var what []string
	if or.Message != nr.Message || or.MessageExpression != nr.MessageExpression {
		what = append(what, "message")
	}
	if or.Reason != nr.Reason {
		what = append(what, "reason")
	}
	if or.FieldPath != nr.FieldPath {
		what = append(what, "fieldPath")
	}
	if or.OptionalOldSelf != nr.OptionalOldSelf {
		// optionalOldSelf runs a transition rule on create and for new items too.
		c.Verdict, c.Why = Changed, "optionalOldSelf changed: the rule now runs "+map[bool]string{true: "also where no old value exists", false: "only where an old value exists"}[nr.OptionalOldSelf]
		return k.effect(c, f, o, n), true
	}
	if len(what) > 0 {
		c.Verdict, c.Effect = Neutral, None
		c.Why = "the same rule; only its " + strings.Join(what, " and ") + " changed, which changes how errors are reported, not which objects are valid"
		c.Before, c.After = ruleReport(o, what), ruleReport(n, what)
		return c, true
	}
	if or.Costed && nr.Costed && or.Cost != nr.Cost {
		c.Verdict, c.Effect = Neutral, None
		c.Why = "the same rule; its estimated cost changed (the schema around it changed), which the API server holds to its cost limits when the CRD is written"
		c.Before, c.After = fmt.Sprintf("cost %d", or.Cost), fmt.Sprintf("cost %d", nr.Cost)
		return c, true
	}
	return c, false
}

func ruleText(f *review.Fact) string {
	s := f.Rule.Rule
	if l := f.Lifecycle.String(); l != "" {
		s += " (" + l + ")"
	}
	return s
}

func ruleReport(f *review.Fact, what []string) string {
	var parts []string
	for _, w := range what {
		switch w {
		case "message":
			if f.Rule.MessageExpression != "" {
				parts = append(parts, "messageExpression: "+f.Rule.MessageExpression)
			} else {
				parts = append(parts, "message: "+f.Rule.Message)
			}
		case "reason":
			parts = append(parts, "reason: "+f.Rule.Reason)
		case "fieldPath":
			parts = append(parts, "fieldPath: "+f.Rule.FieldPath)
		}
	}
	return strings.Join(parts, "; ")
}

// CEL classifies a rewritten CEL rule, conservatively: Changed ("review it") unless one of these
// rules proves more:
//
//   - equivalence: both parse to the same expression once layout, redundant parentheses and
//     quoting are normalised (parser.Unparse of each) → Neutral;
//   - the two expressions differ in one place only, where the old part is p and the new one q,
//     and p implies q or q implies p because
//   - q is p && more (conjuncts added: stronger) or p && more is q's reverse (conjuncts removed:
//     weaker), or the same with || (disjuncts added: weaker);
//   - p and q compare the same value with a number (x <= 10, x <= 20): the bound moved;
//     then the whole rule is stronger or weaker according to the polarity of that place: it
//     keeps its direction under &&, ||, the predicate of all() and exists(), the right side of an
//     implication (!a || b, and c ? x : true) and a branch of ?: whose other branch is a boolean
//     literal, and flips under ! and in the condition of c ? x : true. Anywhere else (an argument
//     of a function, exists_one(), a condition of a general ?:) the rule is Changed.
//
// A stronger rule refuses more objects (Tightened), a weaker one fewer (Loosened).
func CEL(old, new string) (Verdict, string) {
	oe, oerr := parse(old)
	ne, nerr := parse(new)
	if oerr != nil || nerr != nil {
		return Changed, "the rule's text changed and one side does not parse: review it"
	}
	if unparse(oe) == unparse(ne) {
		return Neutral, "the rule was rewritten into an equivalent one (same expression once layout and quoting are normalised)"
	}
	d := &celDiff{}
	d.walk(oe, ne, +1)
	if d.unknown || len(d.steps) == 0 {
		why := "the rule's text changed: review it (no rule of this tool proves it stronger, weaker or equivalent)"
		if d.reason != "" {
			why = "the rule's text changed: review it (" + d.reason + ")"
		}
		return Changed, why
	}
	dir := 0
	var whys []string
	for _, s := range d.steps {
		if dir != 0 && s.dir != dir {
			return Changed, "the rule's text changed in places that pull both ways: review it (" + strings.Join(append(whys, s.why), "; ") + ")"
		}
		dir = s.dir
		whys = append(whys, s.why)
	}
	if dir > 0 {
		return Tightened, "the rule is stronger: " + strings.Join(whys, "; ")
	}
	return Loosened, "the rule is weaker: " + strings.Join(whys, "; ")
}

// normal is the rule's normalised text ("" when it does not parse).
func normal(rule string) string {
	e, err := parse(rule)
	if err != nil {
		return ""
	}
	return unparse(e)
}

var celParser = func() *parser.Parser {
	// No macros: all(), exists() and has() stay calls, whose arguments keep their place.
	p, err := parser.NewParser(parser.Macros(), parser.MaxRecursionDepth(250))
	if err != nil {
		panic(err)
	}
	return p
}()

func parse(rule string) (ast.Expr, error) {
	a, errs := celParser.Parse(common.NewTextSource(rule))
	if errs != nil && len(errs.GetErrors()) > 0 {
		return nil, fmt.Errorf("%s", errs.ToDisplayString())
	}
	return a.Expr(), nil
}

func unparse(e ast.Expr) string {
	s, err := parser.Unparse(e, ast.NewSourceInfo(nil))
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return s
}

// celDiff walks two expressions in step and records where they differ.
type celDiff struct {
	steps   []celStep
	unknown bool
	reason  string
}

// celStep is one place where the expressions differ: dir +1 the new rule is stronger there, -1
// weaker.
type celStep struct {
	dir int
	why string
}

const (
	opAnd = "_&&_"
	opOr  = "_||_"
	opNot = "!_"
)

var comparisons = map[string]string{"_<_": "<", "_<=_": "<=", "_>_": ">", "_>=_": ">="}

// walk compares o and n at a place of polarity pol (+1: the rule grows stronger as the place
// does; -1: weaker; 0: neither is known).
func (d *celDiff) walk(o, n ast.Expr, pol int) {
	if d.unknown || unparse(o) == unparse(n) {
		return
	}
	// Conjunctions and disjunctions are compared as sets of their operands.
	if op := boolOp(o); op != "" && op == boolOp(n) || boolOp(o) != "" && boolOp(n) == "" || boolOp(o) == "" && boolOp(n) != "" {
		if d.junction(o, n, pol) {
			return
		}
	}
	if o.Kind() != n.Kind() {
		d.fail("an operand changed kind")
		return
	}
	switch o.Kind() {
	case ast.CallKind:
		oc, nc := o.AsCall(), n.AsCall()
		if oc.FunctionName() != nc.FunctionName() || len(oc.Args()) != len(nc.Args()) || oc.IsMemberFunction() != nc.IsMemberFunction() {
			d.fail("a function or operator changed")
			return
		}
		fn := oc.FunctionName()
		if oc.IsMemberFunction() {
			if unparse(oc.Target()) != unparse(nc.Target()) {
				d.walk(oc.Target(), nc.Target(), 0)
			}
		}
		if op, ok := comparisons[fn]; ok {
			d.compare(op, oc, nc, pol)
			return
		}
		ternary := ternaryPolarities(oc)
		for i := range oc.Args() {
			p := 0
			switch {
			case ternary != nil:
				p = ternary[i] * pol
			case fn == opAnd || fn == opOr:
				p = pol
			case fn == opNot:
				p = -pol
			case (fn == "all" || fn == "exists") && oc.IsMemberFunction() && i == len(oc.Args())-1:
				p = pol
			}
			d.walk(oc.Args()[i], nc.Args()[i], p)
		}
	default:
		d.fail("an operand changed")
	}
}

// ternaryPolarities gives the polarity of each operand of c ? x : y when one branch is a boolean
// literal, which makes it a conjunction or an implication: c ? x : true is !c || x, c ? x : false
// is c && x, c ? true : y is c || y, c ? false : y is !c && y. nil otherwise.
func ternaryPolarities(c ast.CallExpr) []int {
	if c.FunctionName() != "_?_:_" || len(c.Args()) != 3 {
		return nil
	}
	switch {
	case boolLit(c.Args()[2], true): // !c || x
		return []int{-1, +1, 0}
	case boolLit(c.Args()[2], false): // c && x
		return []int{+1, +1, 0}
	case boolLit(c.Args()[1], true): // c || y
		return []int{+1, 0, +1}
	case boolLit(c.Args()[1], false): // !c && y
		return []int{-1, 0, +1}
	}
	return nil
}

func boolLit(e ast.Expr, v bool) bool {
	if e.Kind() != ast.LiteralKind {
		return false
	}
	b, ok := e.AsLiteral().(types.Bool)
	return ok && bool(b) == v
}

func (d *celDiff) fail(reason string) {
	if !d.unknown {
		d.unknown, d.reason = true, reason
	}
}

func boolOp(e ast.Expr) string {
	if e.Kind() == ast.CallKind {
		if fn := e.AsCall().FunctionName(); fn == opAnd || fn == opOr {
			return fn
		}
	}
	return ""
}

// operands flattens a chain of op into its operands.
func operands(e ast.Expr, op string) []string {
	if boolOp(e) != op {
		return []string{unparse(e)}
	}
	var out []string
	for _, a := range e.AsCall().Args() {
		out = append(out, operands(a, op)...)
	}
	return out
}

// junction handles o and n as conjunctions (or disjunctions) of operands; it reports whether it
// decided.
func (d *celDiff) junction(o, n ast.Expr, pol int) bool {
	for _, op := range []string{opAnd, opOr} {
		if boolOp(o) != op && boolOp(n) != op {
			continue
		}
		a, b := operands(o, op), operands(n, op)
		if pol == 0 {
			d.fail("a condition changed where its direction is unknown")
			return true
		}
		word := map[string]string{opAnd: "&&", opOr: "||"}[op]
		// More conjuncts: stronger; more disjuncts: weaker.
		more := +1
		if op == opOr {
			more = -1
		}
		switch {
		case subset(a, b) && len(b) > len(a):
			d.steps = append(d.steps, celStep{dir: more * pol, why: "added " + word + " " + strings.Join(minus(b, a), " "+word+" ")})
			return true
		case subset(b, a) && len(a) > len(b):
			d.steps = append(d.steps, celStep{dir: -more * pol, why: "removed " + word + " " + strings.Join(minus(a, b), " "+word+" ")})
			return true
		}
	}
	return false
}

// compare handles a comparison whose operands may differ by a numeric bound.
func (d *celDiff) compare(op string, oc, nc ast.CallExpr, pol int) {
	ol, or := oc.Args()[0], oc.Args()[1]
	nl, nr := nc.Args()[0], nc.Args()[1]
	var a, b float64
	var ok1, ok2 bool
	upper := op == "<" || op == "<=" // the literal on the right is an upper bound
	switch {
	case unparse(ol) == unparse(nl):
		a, ok1 = number(or)
		b, ok2 = number(nr)
	case unparse(or) == unparse(nr):
		a, ok1 = number(ol)
		b, ok2 = number(nl)
		upper = !upper
	default:
		d.fail("both sides of a comparison changed")
		return
	}
	if !ok1 || !ok2 || pol == 0 {
		d.fail("a comparison changed other than by a numeric bound in a known direction")
		return
	}
	// A smaller upper bound (or a larger lower bound) is stronger.
	dir := +1
	if upper == (b > a) {
		dir = -1
	}
	d.steps = append(d.steps, celStep{dir: dir * pol, why: fmt.Sprintf("the bound %s %s became %s", op, fmtNum(a), fmtNum(b))})
}

func number(e ast.Expr) (float64, bool) {
	if e.Kind() != ast.LiteralKind {
		return 0, false
	}
	switch v := e.AsLiteral().(type) {
	case types.Int:
		return float64(v), true
	case types.Uint:
		return float64(v), true
	case types.Double:
		return float64(v), true
	}
	return 0, false
}

func fmtNum(f float64) string { return strings.TrimSuffix(fmt.Sprintf("%g", f), ".0") }
