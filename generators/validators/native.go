package validators

import (
	"fmt"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"k8s.io/apimachinery/pkg/api/resource"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/generators/nativecel"
	"github.com/validation-gen/validation-gen/model"
)

// fastFunc declares, for the CEL rules of one place, a function of the value and its old value
// (nil on create) returning the bit set of the rules that certainly hold (bit i for rule i), and
// returns its name with the mask of all rules; name is "" when no rule translates.
func (g *validatorGen) fastFunc(celVar string, n *model.Node, rules []model.Rule) (name string, all uint64) {
	for i := range rules {
		if i < 64 {
			all |= 1 << uint(i)
		}
	}
	// CEL could stop a rule at its per-call cost limit, an error a native predicate would never
	// give: only a rule whose estimated worst case at this place (its size limits included) fits
	// the limit runs natively. Places sharing a CEL variable share its fast path when they agree
	// on which rules may run natively.
	costs := ruleCosts(g.ruleSchema(n, rules, true), false, g.opts)
	var native uint64
	for i := range rules {
		if i < 64 && len(costs) == len(rules) && costs[i] <= celconfig.PerCallLimit {
			native |= 1 << uint(i)
		}
	}
	key := fmt.Sprintf("fast:%s:%x", celVar, native)
	if done, ok := g.memo[key]; ok {
		return done, all
	}
	defer func() { g.memo[key] = name }()
	var body []jen.Code
	body = append(body, jen.Var().Id("ok").Uint64())
	translated := 0
	for i, r := range rules {
		if native&(1<<uint(i)) == 0 {
			continue
		}
		cond, ok := g.guardRule(r, n)
		if !ok {
			continue
		}
		translated++
		body = append(body, jen.Commentf("%s", oneLine(r.Rule)),
			jen.If(cond).Block(jen.Id("ok").Op("|=").Lit(uint64(1)<<uint(i))))
	}
	if translated == 0 {
		return "", all
	}
	body = append(body, jen.Return(jen.Id("ok")))
	name = g.unique("fast_" + strings.TrimPrefix(celVar, "cel_"))
	g.vars = append(g.vars, jen.Commentf("%s returns the rules of %s that certainly hold for self (bit i: rule i); the others run in CEL.", name, celVar),
		jen.Func().Id(name).Params(jen.List(jen.Id("self"), jen.Id("old")).Op("*").Add(g.goType(n.ValueType()))).Uint64().Block(body...))
	return name, all
}

// oneLine is a rule's text on one line, for a comment of the generated file: what Go source may not hold (NUL, a
// byte-order mark, bytes that are not UTF-8) and other control characters are written escaped,
// as in a Go string.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f || r == 0xFEFF:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// guardRule is nativecel.Rule for this file, unless the native fast path is turned off.
func (g *validatorGen) guardRule(r model.Rule, n *model.Node) (*jen.Statement, bool) {
	if g.opts.NoNativeCEL {
		return nil, false
	}
	return nativecel.Rule(r, n, g.opts.Compat, g)
}

// QuantityVar declares (once per value) a package-level resource.Quantity parsed from a literal the
// way CEL's quantity() parses it; false when the literal does not parse.
func (g *validatorGen) QuantityVar(lit string) (string, bool) {
	if _, err := resource.ParseQuantity(lit); err != nil {
		return "", false
	}
	key := "quantity:" + lit
	if name, ok := g.memo[key]; ok {
		return name, true
	}
	name := g.unique("quantity_" + lit)
	g.memo[key] = name
	g.vars = append(g.vars, jen.Var().Id(name).Op("=").Qual("k8s.io/apimachinery/pkg/api/resource", "MustParse").Call(jen.Lit(lit)))
	return name, true
}

// placeFacts is what compiling the rules of a place as the API server compiles them says about
// each rule: its estimated worst-case cost and that of its messageExpression (with the place's
// size limits), its normalized fieldPath, whether it uses oldSelf; and the type of self's schema.
type placeFacts struct {
	costs, msgCosts []uint64
	fields          []string
	usesOld         []bool
	schemaType      string
}

func rulePlaceFacts(schemaJSON string, resourceRoot bool, opts model.Options) (placeFacts, bool) {
	ss, err := celenv.Structural([]byte(schemaJSON))
	if err != nil {
		return placeFacts{}, false
	}
	results, err := celenv.Compile(ss, resourceRoot, opts.Compat)
	if err != nil {
		return placeFacts{}, false
	}
	f := placeFacts{schemaType: ss.Type}
	for _, r := range results {
		if r.Error != nil || r.MessageExpressionError != nil {
			return placeFacts{}, false
		}
		f.costs = append(f.costs, r.MaxCost)
		f.msgCosts = append(f.msgCosts, r.MessageExpressionMaxCost)
		f.fields = append(f.fields, r.NormalizedRuleFieldPath)
		f.usesOld = append(f.usesOld, r.UsesOldSelf)
	}
	return f, true
}

// nativeRules compiles each rule of a place to Go where it can (nil where it cannot, with the
// reason in whys).
//
// A rule over the per-call cost limit is compiled too when smaller limits bring its estimate under
// it (celcost.go): guards[i] then names the function that tells values within them, and larger
// values run in cel-go.
func (g *validatorGen) nativeRules(celVar string, n *model.Node, rules []model.Rule) (progs []*nativecel.Program, whys, guards []string, facts placeFacts) {
	progs, whys, guards = make([]*nativecel.Program, len(rules)), make([]string, len(rules)), make([]string, len(rules))
	root := g.memo["root:"+celVar] != ""
	schemaJSON := g.ruleSchema(n, rules, true)
	facts, ok := rulePlaceFacts(schemaJSON, root, g.opts)
	for i, r := range rules {
		switch {
		case g.opts.NoNativeCEL:
			whys[i] = "the native path is off (--no-native-cel)"
		case !ok || len(facts.costs) != len(rules):
			whys[i] = "the place's rules do not compile as the API server compiles them (a bug; please report it)"
		case len(rules) > 64:
			whys[i] = "more than 64 rules at one place: put some on the fields or types below it"
		case strings.TrimSpace(r.Rule) == "":
			whys[i] = "an empty rule"
		case facts.costs[i] > celconfig.PerCallLimit || facts.msgCosts[i] > celconfig.PerCallLimit:
			what, cost := "its", facts.costs[i]
			if cost <= celconfig.PerCallLimit {
				what, cost = "its messageExpression's", facts.msgCosts[i]
			}
			whys[i] = fmt.Sprintf("%s worst-case cost %d is over the per-call limit %d, which only cel-go enforces as it runs: "+
				"bound what it reads (+%s, +%s, +%s)", what, cost, celconfig.PerCallLimit, model.LimitInDialect(r.Tag, "maxItems"),
				model.LimitInDialect(r.Tag, "maxProperties"), model.LimitInDialect(r.Tag, "maxLength"))
			if g.opts.NoNativeCEL || len(rules) > 64 {
				break
			}
			if guard, ok := g.costGuard(n, schemaJSON, i, root); ok {
				if p, why := nativecel.Compile(r, nativecel.Place{Node: n, Schema: []byte(schemaJSON), Root: root, Compat: g.opts.Compat}, g); p != nil {
					progs[i], whys[i], guards[i] = p, "", guard
				} else {
					whys[i] = why
				}
			}
		case facts.usesOld[i] != r.IsTransition():
			whys[i] = "oldSelf is not where the rule's text suggests (a bug; please report it)"
		default:
			progs[i], whys[i] = nativecel.Compile(r, nativecel.Place{Node: n, Schema: []byte(schemaJSON), Root: root, Compat: g.opts.Compat}, g)
		}
	}
	return progs, whys, guards, facts
}

// nativeCall evaluates the rules of a CEL variable in Go when at least one compiles: a function
// native_<place> runs the compiled rules and asks celVar for the others, one at a time, in rule
// order, so that errors come in the order and with the stops of CEL alone. ok is false when no
// rule compiles (the caller then runs them all in CEL).
func (g *validatorGen) nativeCall(celVar string, n *model.Node, rules []model.Rule, self, old string, transitionsOnly bool, target string) (jen.Code, bool) {
	progs, whys, guards, facts := g.nativeRules(celVar, n, rules)
	for i, r := range rules {
		g.report(r, whys[i])
	}
	var mask uint64
	for i, p := range progs {
		if p != nil {
			mask |= 1 << uint(i)
		}
	}
	if mask == 0 {
		return nil, false
	}
	call := func(name string) jen.Code {
		return jen.Id(target).Op("=").Append(jen.Id(target), jen.Id(name).Call(jen.Id("ctx"), jen.Id(self), jen.Id(old), jen.Lit(transitionsOnly)).Op("..."))
	}
	typ := g.goType(n.ValueType())
	key := fmt.Sprintf("native:%s:%#v:%x", celVar, typ, mask)
	if name, ok := g.memo[key]; ok {
		return call(name), true
	}
	base := strings.TrimPrefix(celVar, "cel_")
	name := g.unique("native_" + base)
	g.memo[key] = name

	var body []jen.Code
	for i, r := range rules {
		var gate *jen.Statement
		switch {
		case !facts.usesOld[i]:
			gate = jen.Op("!").Id("transitionOnly")
		case !r.OptionalOldSelf:
			gate = jen.Id("old").Op("!=").Nil()
		}
		inCEL := func() []jen.Code {
			g.useCELVar(celVar)
			return []jen.Code{
				jen.List(jen.Id("e"), jen.Id("stop")).Op(":=").Id(celVar).Dot("ValidateRule").Call(jen.Id("ctx"), jen.Id("self"),
					jen.Qual(pkgGenRT, "Old").Call(jen.Id("old")), jen.Id("transitionOnly"), jen.Lit(i)),
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e").Op("...")),
				jen.If(jen.Id("stop")).Block(jen.Return(jen.Id("errs"))),
			}
		}
		var run []jen.Code
		switch p := progs[i]; {
		case p != nil && guards[i] != "":
			// Compiled for values small enough for the cost limit; cel-go, which counts, for others.
			small := jen.Id(guards[i]).Call(jen.Id("self"))
			if facts.usesOld[i] {
				small = small.Op("&&").Parens(jen.Id("old").Op("==").Nil().Op("||").Id(guards[i]).Call(jen.Id("old")))
			}
			run = []jen.Code{jen.If(small).Block(g.nativeRule(name, i, r, p, n, facts)...).Else().Block(inCEL()...)}
		case p != nil:
			run = g.nativeRule(name, i, r, p, n, facts)
		default:
			run = inCEL()
			if guard, ok := g.guardRule(r, n); ok && facts.costs[i] <= celconfig.PerCallLimit {
				run = []jen.Code{jen.If(jen.Op("!").Parens(guard)).Block(run...)}
			}
		}
		body = append(body, jen.Commentf("%s", oneLine(r.Rule)))
		if gate != nil {
			body = append(body, jen.If(gate).Block(run...))
		} else {
			body = append(body, run...)
		}
	}
	body = append(body, jen.Return(jen.Id("errs")))
	g.vars = append(g.vars, jen.Commentf("%s evaluates the rules of %s, compiled to Go where they can be (the others run in CEL).", name, celVar),
		jen.Func().Id(name).Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.List(jen.Id("self"), jen.Id("old")).Op("*").Add(typ), jen.Id("transitionOnly").Bool()).
			Params(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(body...))
	return call(name), true
}

// nativeRule declares the compiled rule i of the place function fn and returns the statements
// that run it: the context checked first, as CEL does before each rule.
func (g *validatorGen) nativeRule(fn string, i int, r model.Rule, p *nativecel.Program, n *model.Node, facts placeFacts) []jen.Code {
	base := strings.TrimPrefix(fn, "native_")
	desc, eval := fmt.Sprintf("rule_%s_%d", base, i), fmt.Sprintf("eval_%s_%d", base, i)
	reason := strings.TrimPrefix(r.Reason, "FieldValue")
	fields := []jen.Code{jen.Line().Id("Rule").Op(":").Lit(r.Rule)}
	if r.Message != "" {
		fields = append(fields, jen.Line().Id("Message").Op(":").Lit(r.Message))
	}
	if reason != "" {
		fields = append(fields, jen.Line().Id("Reason").Op(":").Lit(reason))
	}
	if facts.fields[i] != "" {
		fields = append(fields, jen.Line().Id("Field").Op(":").Lit(facts.fields[i]))
	}
	fields = append(fields, jen.Line().Id("Origin").Op(":").Lit(r.Tag), jen.Line().Id("SchemaType").Op(":").Lit(facts.schemaType), jen.Line())
	typ := g.goType(n.ValueType())
	params := jen.Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.List(jen.Id("self"), jen.Id("old")).Op("*").Add(typ))
	g.vars = append(g.vars,
		jen.Var().Id(desc).Op("=").Op("&").Qual(pkgCELNative, "Rule").Values(fields...),
		jen.Commentf("%s is the rule %s compiled to Go.", eval, oneLine(r.Rule)),
		jen.Func().Id(eval).Add(params.Clone()).Params(jen.Bool(), jen.Error()).Block(p.Rule...))
	failed := []jen.Code{jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(desc).Dot("Failed").Call(jen.Op("*").Id("self"), jen.Lit(""), jen.False()))}
	if p.Message != nil {
		msg := fmt.Sprintf("message_%s_%d", base, i)
		g.vars = append(g.vars,
			jen.Commentf("%s is the messageExpression %s compiled to Go.", msg, oneLine(r.MessageExpression)),
			jen.Func().Id(msg).Add(params.Clone()).Params(jen.String(), jen.Error()).Block(p.Message...))
		failed = []jen.Code{
			jen.List(jen.Id("msg"), jen.Id("ok")).Op(":=").List(jen.Lit(""), jen.False()),
			jen.If(jen.List(jen.Id("m"), jen.Id("err")).Op(":=").Id(msg).Call(jen.Id("ctx"), jen.Id("self"), jen.Id("old")), jen.Id("err").Op("==").Nil()).Block(
				jen.List(jen.Id("msg"), jen.Id("ok")).Op("=").Qual(pkgCELNative, "Message").Call(jen.Id("m"))),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(desc).Dot("Failed").Call(jen.Op("*").Id("self"), jen.Id("msg"), jen.Id("ok"))),
		}
	}
	return []jen.Code{
		jen.If(jen.Id("ctx").Dot("Err").Call().Op("!=").Nil()).Block(
			jen.Return(jen.Append(jen.Id("errs"), jen.Id(desc).Dot("Cancelled").Call(jen.Id("ctx"), jen.False())))),
		jen.If(jen.List(jen.Id("ok"), jen.Id("err")).Op(":=").Id(eval).Call(jen.Id("ctx"), jen.Id("self"), jen.Id("old")), jen.Id("err").Op("!=").Nil()).Block(
			jen.If(jen.Id("ctx").Dot("Err").Call().Op("!=").Nil()).Block(
				jen.Return(jen.Append(jen.Id("errs"), jen.Id(desc).Dot("Cancelled").Call(jen.Id("ctx"), jen.True())))),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(desc).Dot("EvalFailed").Call(jen.Id("err"))),
		).Else().If(jen.Op("!").Id("ok")).Block(failed...),
	}
}

// RegexpVar declares (once per pattern) a package-level *genruntime.Matcher compiled from pattern:
// a regexp whose MatchString runs an automaton.
func (g *validatorGen) RegexpVar(pattern string) string {
	key := "celregexp:" + pattern
	if name, ok := g.memo[key]; ok {
		return name
	}
	name := g.unique("celRegexp")
	g.memo[key] = name
	g.vars = append(g.vars, jen.Var().Id(name).Op("=").Qual(pkgGenRT, "MustMatcher").Call(jen.Lit(pattern)))
	return name
}

// CELReportLine says how one CEL rule runs: in Go (Why == "") or in cel-go, and why.
type CELReportLine struct {
	Pos token.Position // the rule's tag
	Why string
}

func (l CELReportLine) String() string {
	if l.Why == "" {
		return fmt.Sprintf("%s:%d: native", l.Pos.Filename, l.Pos.Line)
	}
	return fmt.Sprintf("%s:%d: interpreted: %s", l.Pos.Filename, l.Pos.Line, l.Why)
}

func (g *validatorGen) report(r model.Rule, why string) {
	pos := r.Pos
	if !pos.IsValid() {
		pos = r.RulePos
	}
	g.celReport = append(g.celReport, CELReportLine{Pos: pos, Why: why})
}

// sortReport orders report lines by position and drops repeats (places sharing rules).
func sortReport(lines []CELReportLine) []CELReportLine {
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i].Pos, lines[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	var out []CELReportLine
	for _, l := range lines {
		if len(out) > 0 && out[len(out)-1] == l {
			continue
		}
		out = append(out, l)
	}
	return out
}
