package validators

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/apimachinery/pkg/api/resource"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

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
		cond, ok := g.nativeRule(r, n)
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

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// nativeRule is nativecel.Rule for this file, unless the native fast path is turned off.
func (g *validatorGen) nativeRule(r model.Rule, n *model.Node) (*jen.Statement, bool) {
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
