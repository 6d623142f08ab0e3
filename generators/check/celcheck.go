package check

import (
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/model"
)

// The API server's static cost limits for CRD validation rules: apiextensions' validation
// package's StaticEstimatedCostLimit and StaticEstimatedCRDCostLimit, spelt here because that
// package links the API server's webhook client (client-go, gRPC, OpenTelemetry: 191 packages,
// a third of the generator's binary, whose initialisation every run paid for). TestCostLimits
// keeps them equal.
const (
	PerRuleCostLimit = 10_000_000
	PerKindCostLimit = 100_000_000
)

// CEL compiles every rule of the input packages' definitions (+validationRule, and the rules
// the generator writes for +immutable, +nameFormat and format fallbacks) exactly as the API
// server compiles CRD rules: the schema at the rule's place becomes a structural schema, self is
// typed from it by apiextensions' own adapters, and the rule is compiled and cost-estimated in the
// API server's environment at the compatibility version. With opts.CostLimits, the rules of every
// kind that becomes a CRD are held to the API server's CRD cost limits: each rule's estimated cost,
// multiplied by the worst-case number of times it runs (the cardinality of enclosing lists and
// maps), must fit the per-rule limit, and all of a kind's rules the per-CRD limit.
func CEL(u *model.Universe, opts model.Options) model.Diagnostics {
	return CELExcept(u, opts, nil)
}

// CELExcept is CEL for the definitions whose declarations hold none of the diagnostics found so
// far: their rules are compiled even when other types have errors, so that one run reports every
// problem, while a type whose own tags are broken (and whose model is incomplete) is left out.
func CELExcept(u *model.Universe, opts model.Options, found model.Diagnostics) model.Diagnostics {
	return celExcept(u, opts, found, nil)
}

func celExcept(u *model.Universe, opts model.Options, found model.Diagnostics, costs Costs) model.Diagnostics {
	c := &celChecker{opts: opts, seen: map[string]bool{}, taints: taints(u, found), overLimit: map[token.Position]bool{}, costs: costs,
		warned: map[token.Position]bool{}, pkgDirs: map[string]*model.Package{}}
	for _, d := range u.Definitions {
		if d.Package != nil && d.Package.Dir != "" {
			c.pkgDirs[d.Package.Dir] = d.Package
		}
	}
	inCRD := crdReach(u)
	for _, d := range u.Checked() {
		if !d.Input || c.taints[d] != nil && c.taints[d].whole {
			continue
		}
		root := d.Root != nil
		var k *kindCost
		served := opts.CostLimits && model.IsServedVersion(d.Package.Name)
		if root && served {
			k = &kindCost{} // this kind becomes a CRD: the API server's cost limits apply
		}
		one := uint64(1)
		// A type of a served version that is not a kind may still be embedded in a CRD: its rules'
		// cost on the type alone is a lower bound for any CRD embedding it, so the per-rule limit
		// applies to it too.
		c.walk(d.Node, walkCtx{path: d.GoName, card: &one, bounded: 1, stack: []*model.Definition{d}, resourceRoot: root, kind: k, taint: c.taints[d],
			perRule: served, noCRD: d.Package.ControllerGen && d.Package.GroupName != "" && !inCRD[d]})
		// A kind over the limit only because of rules over the per-rule limit, reported on their
		// own, gets no second diagnostic: bringing those rules under their limit brings it under.
		if k != nil && k.total > PerKindCostLimit && (!k.overRule || k.capped > PerKindCostLimit) {
			var top []string
			for _, r := range k.top {
				top = append(top, fmt.Sprintf("%s at %s (%d)", r.path, model.ShortPos(r.rule.Pos), r.cost))
			}
			c.addDiag(model.Diagnostic{Pos: d.Pos, Msg: fmt.Sprintf("the rules of kind %s have an estimated total cost of %d, over the "+
				"API server's per-CRD limit of %d; the most expensive: %s", d.GoName, k.total, uint64(PerKindCostLimit), strings.Join(top, ", "))})
		}
	}
	return c.diags
}

type celChecker struct {
	// overLimit holds the rules already reported over the per-rule cost limit; warned, those
	// reported as warnings for a type no CRD carries.
	overLimit, warned map[token.Position]bool
	// taints holds what the errors found before this check leave unchecked of each definition.
	taints map[*model.Definition]*taint
	opts   model.Options
	diags  model.Diagnostics
	seen   map[string]bool
	// costs, when set, records each compiled rule's estimated cost (CELCosts).
	costs Costs
	// pkgDirs are the packages of the definitions by directory, to tell where a place is declared.
	pkgDirs map[string]*model.Package
}

// kindCost accumulates the estimated cost of all rules of one root kind.
type kindCost struct {
	total uint64
	top   []costedRule
	// capped is the total with each rule's cost capped at the per-rule limit; overRule is set when
	// a rule is over that limit.
	capped   uint64
	overRule bool
}

type costedRule struct {
	path string
	rule model.Rule
	cost uint64
}

// walkCtx is where the walk is: the JSON path from the definition, the worst-case number of
// values at this place (nil: unbounded), the lists and maps that leave it unbounded, and the
// outermost enclosing list whose items old and new objects cannot correlate (its path and why).
type walkCtx struct {
	path string
	card *uint64
	// bounded is the product of the limits that do exist (card without the unbounded factors).
	bounded        uint64
	unbounded      []unboundedAt
	uncorrelatable string
	stack          []*model.Definition
	resourceRoot   bool
	kind           *kindCost
	perRule        bool // the per-rule cost limit applies (CRD output, served version)
	// noCRD is set below a type of an API group package written for controller-gen that no CRD
	// carries (crdReach): the API server never sees its rules, so a cost over the limit is a warning.
	noCRD         bool
	metadataLevel bool // directly under a resource root: metadata is special there
	// taint is set on the node of a definition with errors of its own: its own rules and its
	// tainted properties are not checked.
	taint *taint
}

type unboundedAt struct {
	path string
	node *model.Node
}

func (c *celChecker) addDiag(d model.Diagnostic) {
	key := d.Format("")
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.diags = append(c.diags, d)
}

func (c *celChecker) walk(n *model.Node, ctx walkCtx) {
	eff := n
	if n.Ref != nil {
		def := n.Ref
		if t := c.taints[def]; t != nil && t.whole {
			return
		}
		if def.GoPackage == model.MetaV1Path && def.GoName == "ObjectMeta" {
			if ctx.metadataLevel && n.V.NameFormat != nil {
				c.nameFormat(n, ctx)
			}
			return
		}
		if def.Root != nil && ctx.stack[0].Root == nil {
			// An object of its own (the items of a List kind): checked from its own root. Inside
			// another root kind, whose CRD inlines it, its rules are checked in that place too.
			return
		}
		for _, s := range ctx.stack {
			if s == def {
				return // recursion: the definition is checked on the way down already
			}
		}
		ctx.stack = append(append([]*model.Definition(nil), ctx.stack...), def)
		ctx.taint = c.taints[def]
		eff = model.Effective(n)
	}
	t := ctx.taint
	ctx.taint = nil // the children's contexts
	if t != nil {
		// A definition with an error in one of its fields: the rules of the type see that field,
		// the others are checked as usual, so that one run reports them with the error.
		for _, p := range eff.Properties {
			if !t.props[p] {
				child := ctx
				child.path = ctx.path + "." + p.Name
				c.walk(p.Node, child)
			}
		}
		return
	}
	// Rules come from +validationRule (and the sugar that writes rules), from format fallbacks
	// and from the +k8s: checks the schema publishes (schema.Emitter.Validations); shaping the
	// schema of every other place was most of this check's time on large inputs.
	if len(eff.V.Rules) > 0 || eff.V.Format != nil || schema.HasK8sRules(eff) {
		e := schema.NewCRD(c.opts, &model.Diagnostics{}, true, ctx.stack...)
		if ctx.uncorrelatable != "" {
			e.Uncorrelated()
		}
		var s spec.Schema
		e.Shape(&s, eff)
		if rules := e.Validations(&s, eff); len(rules) > 0 {
			c.compile(s, rules, eff, ctx)
		}
	}
	isResource := ctx.resourceRoot
	ctx.resourceRoot, ctx.metadataLevel = false, false
	switch eff.Kind {
	case model.KindObject:
		for _, p := range eff.Properties {
			child := ctx
			child.path = ctx.path + "." + p.Name
			child.metadataLevel = isResource && p.Name == "metadata"
			c.walk(p.Node, child)
		}
	case model.KindList:
		child := ctx.element("[]", eff.V.MaxItems, eff)
		if ctx.uncorrelatable == "" && (eff.V.ListType == nil || eff.V.ListType.Value != "map") {
			child.uncorrelatable = ctx.path + ", " + uncorrelatableList(eff)
		}
		c.elementRules(eff, eff.Items, child)
		c.walk(eff.Items, child)
	case model.KindMap:
		child := ctx.element("{}", eff.V.MaxProperties, eff)
		c.elementRules(eff, eff.Values, child)
		c.walk(eff.Values, child)
	}
}

// elementRules checks the rules that the list or map n puts on its items or values (element)
// (schema.ElementRules: +k8s:item, +k8s:eachVal=+k8s:update), which the element's own walk does
// not see.
func (c *celChecker) elementRules(n, element *model.Node, ctx walkCtx) {
	rules := schema.ElementRules(n, ctx.uncorrelatable == "")
	if len(rules) == 0 {
		return
	}
	items := model.Effective(element)
	if element.Ref != nil {
		ctx.stack = append(append([]*model.Definition(nil), ctx.stack...), element.Ref)
	}
	e := schema.NewCRD(c.opts, &model.Diagnostics{}, true, ctx.stack...)
	var s spec.Schema
	e.Shape(&s, items)
	schema.AddRules(&s, rules)
	c.compile(s, rules, items, ctx)
}

// element is the context of the items of a list or the values of a map (suffix "[]" or "{}"),
// whose count limits bounds how many there are.
func (ctx walkCtx) element(suffix string, limits []model.Int, n *model.Node) walkCtx {
	child := ctx
	child.path = ctx.path + suffix
	child.card = times(ctx.card, limits)
	child.bounded = boundedTimes(ctx.bounded, limits)
	if len(limits) == 0 {
		child.unbounded = append(append([]unboundedAt(nil), ctx.unbounded...), unboundedAt{ctx.path, n})
	}
	return child
}

// uncorrelatableList says why the old and new items of a list that is not +listType=map cannot be
// correlated, and what to do about a transition rule on them.
func uncorrelatableList(list *model.Node) string {
	if list.V.ListType != nil && list.V.ListType.Value == "set" {
		return "a +listType=set list: old and new items of a set cannot be correlated; move the rule to the list"
	}
	msg := "an atomic list: old and new items cannot be correlated there; move the rule to the list"
	if list.Items != nil && model.Effective(list.Items).Kind == model.KindObject {
		msg += ", or make the list +listType=map (with +listMapKey)"
	}
	return msg
}

// times multiplies a cardinality by the tightest of limits; no limit makes it unbounded.
func times(card *uint64, limits []model.Int) *uint64 {
	if card == nil || len(limits) == 0 {
		return nil
	}
	m := uint64(max(*model.TightestInt(limits, model.MinInt), 0))
	if m != 0 && *card > math.MaxUint64/m {
		return nil
	}
	v := *card * m
	return &v
}

func boundedTimes(b uint64, limits []model.Int) uint64 {
	if len(limits) == 0 {
		return b
	}
	return mulGuard(b, uint64(max(*model.TightestInt(limits, model.MinInt), 0)))
}

// nameFormat checks the rules +nameFormat puts on metadata.name and metadata.generateName.
func (c *celChecker) nameFormat(n *model.Node, ctx walkCtx) {
	nf := n.V.NameFormat
	f, _ := formats.Lookup(nf.Name)
	nr, gr := model.NameFormatRules(f, "self", "self")
	for _, r := range []model.Rule{nr, gr} {
		r.Origin, r.RulePos = nf.Origin, nf.Pos
		s := spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}}}
		s.AddExtension(schema.ExtValidations, []any{schema.RuleExtension(r)})
		str := &model.Node{Kind: model.KindString, Pos: n.Pos}
		ctx.resourceRoot = false
		c.compile(s, []model.Rule{r}, str, ctx)
	}
}

// compile compiles the rules at one place; s is the place's CRD schema carrying exactly rules.
func (c *celChecker) compile(s spec.Schema, rules []model.Rule, n *model.Node, ctx walkCtx) {
	ss, err := structural(s)
	if err != nil {
		c.addDiag(model.Diagnostic{Pos: rules[0].Pos, Tag: rules[0].Tag, Msg: fmt.Sprintf("cannot type self for the rule: %v", err)})
		return
	}
	results, err := celenv.Compile(ss, ctx.resourceRoot, c.opts.Compat)
	if err != nil {
		c.addDiag(model.Diagnostic{Pos: rules[0].Pos, Tag: rules[0].Tag, Msg: fmt.Sprintf("cannot compile the rules: %v", err)})
		return
	}
	for i, cr := range results {
		if i >= len(rules) {
			break
		}
		r := rules[i]
		if newlines.MatchString(strings.TrimSpace(r.Rule)) && strings.TrimSpace(r.Message) == "" {
			// The API server's default message quotes the rule, which must then be one line.
			msg := "a rule with line breaks needs a message: the API server requires one"
			if r.MessageExpression != "" {
				msg += " (a messageExpression does not count)"
			}
			c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: msg + "; add message=\"...\""})
		}
		if cr.Error != nil {
			c.celError(r, cr.Error.Detail)
			continue
		}
		if c.costs != nil {
			c.costs[CostKey{r.Pos.String(), r.Rule}] = cr.MaxCost
		}
		cost := cr.MaxCost
		if ctx.card != nil {
			cost = mulGuard(cost, *ctx.card)
		} else {
			cost = mulGuard(cost, cr.MaxCardinality)
		}
		if ctx.perRule && cost > PerRuleCostLimit && ctx.noCRD && !c.warned[r.Pos] {
			c.warned[r.Pos] = true
			c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Warning: true, Msg: c.costMessage(r.Tag, "rule", cr.MaxCost, cost, n, ctx, s, i, false, r.Pos) +
				fmt.Sprintf(" (no CRD carries %s, so no API server checks this cost)", ctx.stack[0].GoName)})
		} else if ctx.perRule && cost > PerRuleCostLimit && !ctx.noCRD && !c.overLimit[r.Pos] {
			c.overLimit[r.Pos] = true // once per rule, from the first type that reaches it so
			c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: c.costMessage(r.Tag, "rule", cr.MaxCost, cost, n, ctx, s, i, false, r.Pos)})
		}
		if ctx.kind != nil {
			ctx.kind.observe(costedRule{path: ctx.path, rule: r, cost: cost})
		}
		if cr.MessageExpressionError != nil {
			c.messageExpressionError(r, cr.MessageExpressionError.Detail)
		} else if r.MessageExpression != "" {
			// Unlike a rule's, the API server takes a messageExpression's cost as it is, not
			// multiplied by the number of values at the place, for both limits.
			mcost := cr.MessageExpressionMaxCost
			if ctx.perRule && mcost > PerRuleCostLimit {
				c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: c.costMessage(r.Tag, "messageExpression", cr.MessageExpressionMaxCost, mcost, n, ctx, s, i, true, r.Pos)})
			}
			if ctx.kind != nil {
				ctx.kind.observe(costedRule{path: ctx.path + " (messageExpression)", rule: r, cost: mcost})
			}
		}
		if key := fmt.Sprintf("uncorrelatable %s %s", r.Pos, r.Rule); cr.UsesOldSelf && ctx.uncorrelatable != "" && !c.seen[key] {
			// Once per rule, from the first definition that reaches it so (a kind, before its spec).
			c.seen[key] = true
			c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: "transition rule (it uses oldSelf) inside " + ctx.uncorrelatable})
		}
		if !cr.UsesOldSelf && r.OptionalOldSelf {
			c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: "optionalOldSelf is set but the rule does not use oldSelf"})
		}
		if r.FieldPath != "" {
			if _, _, err := cel.ValidFieldPath(r.FieldPath, ss); err != nil {
				c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: fieldPathProblem(r.FieldPath, ss, err)})
			}
		}
	}
}

var fieldPathStep = regexp.MustCompile(`\.[^.\[]*|\[[^\]]*\]?`)

// fieldPathProblem explains why a rule's fieldPath does not resolve under self, from what the
// longest prefix that does resolve holds.
func fieldPathProblem(path string, ss *structuralschema.Structural, err error) string {
	msg := fmt.Sprintf("field %q does not name a field under self", strings.TrimPrefix(path, "."))
	steps := fieldPathStep.FindAllString(path, -1)
	for k := len(steps) - 1; k >= 0; k-- {
		prefix := strings.Join(steps[:k], "")
		at, where := ss, "self"
		if k > 0 {
			var perr error
			if _, at, perr = cel.ValidFieldPath(prefix, ss); perr != nil {
				continue
			}
			where = strings.TrimPrefix(prefix, ".")
		}
		switch {
		case len(at.Properties) > 0:
			var names []string
			for n := range at.Properties {
				names = append(names, n)
			}
			sort.Strings(names)
			if len(names) > 8 {
				names = append(names[:8], "...")
			}
			if k == 0 {
				return msg + ", whose fields are " + strings.Join(names, ", ")
			}
			return fmt.Sprintf("%s: %s has no field %s; its fields are %s", msg, where, strings.TrimLeft(steps[k], "."), strings.Join(names, ", "))
		case at.AdditionalProperties != nil:
			// a map: only the key syntax can be wrong
		case at.Type == "array":
			return fmt.Sprintf("%s: %s is a list, and a field path cannot go into list items", msg, where)
		case at.Type != "":
			return fmt.Sprintf("%s: %s is of type %s, which has no fields", msg, where, at.Type)
		}
		break
	}
	return fmt.Sprintf("%s: %v", msg, err)
}

func (k *kindCost) observe(r costedRule) {
	k.total = mulAddGuard(k.total, r.cost)
	k.capped = mulAddGuard(k.capped, min(r.cost, PerRuleCostLimit))
	k.overRule = k.overRule || r.cost > PerRuleCostLimit
	if r.cost < PerKindCostLimit/100 {
		return
	}
	k.top = append(k.top, r)
	for i := len(k.top) - 1; i > 0 && k.top[i].cost > k.top[i-1].cost; i-- {
		k.top[i], k.top[i-1] = k.top[i-1], k.top[i]
	}
	if len(k.top) > 3 {
		k.top = k.top[:3]
	}
}

func mulGuard(a, b uint64) uint64 {
	if a == 0 {
		return 0
	}
	if math.MaxUint64/a < b {
		return math.MaxUint64
	}
	return a * b
}

func mulAddGuard(a, b uint64) uint64 {
	if math.MaxUint64-a < b {
		return math.MaxUint64
	}
	return a + b
}

// structural converts a CRD-spelled schema to the API server's structural schema.
func structural(s spec.Schema) (*structuralschema.Structural, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return celenv.Structural(raw)
}

var (
	celErrorLine = regexp.MustCompile(`^ERROR: <input>:(\d+):(\d+): (.*)$`)
	newlines     = regexp.MustCompile(`[\n\r]`) // what the API server counts as a line break in a rule
)

// celError reports a compile error of a rule at its place inside the expression, followed by
// cel-go's excerpt of the expression with a caret under the column.
func (c *celChecker) celError(r model.Rule, detail string) {
	prefix := ""
	if r.Tag == "format" || r.Tag == "nameFormat" || r.Tag == "immutable" {
		// A rule validation-gen writes itself fails only when the target API server lacks a
		// function it needs.
		prefix = fmt.Sprintf("the rule validation-gen publishes for +%s does not compile for an API server of version %s "+
			"(choose a later --compatibility-version): ", r.Tag, c.opts.Compat)
	}
	c.exprError(r, strings.TrimPrefix(detail, "compilation failed: "), prefix, "rule", r.Rule, r.Lines)
}

// messageExpressionError reports a problem with a rule's messageExpression, inside it where the
// API server names a place.
func (c *celChecker) messageExpressionError(r model.Rule, detail string) {
	if rest, ok := strings.CutPrefix(detail, "messageExpression compilation failed: "); ok {
		c.exprError(r, rest, "messageExpression: ", "messageExpression", r.MessageExpression, r.MessageExpressionLines)
		return
	}
	pos := r.Pos
	if len(r.MessageExpressionLines) > 0 {
		pos = r.MessageExpressionLines[0]
	}
	if detail == "messageExpression must evaluate to a string" {
		detail = "messageExpression " + strconv.Quote(r.MessageExpression) + " must evaluate to a string"
	} else {
		detail += " (in messageExpression " + strconv.Quote(r.MessageExpression) + ")"
	}
	c.addDiag(model.Diagnostic{Pos: pos, Tag: r.Tag, Msg: detail})
}

// exprError reports the errors of one expression (the rule or its messageExpression), each at its
// line and column when the expression's lines are known; prefix starts every message.
func (c *celChecker) exprError(r model.Rule, detail, prefix, what, expr string, exprLines []token.Position) {
	lines := strings.Split(detail, "\n")
	found := false
	for i := 0; i < len(lines); i++ {
		m := celErrorLine.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		found = true
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		msg := prefix + m[3]
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " |") {
			i++
			msg += "\n" + lines[i]
		}
		pos := r.Pos
		if line >= 1 && line <= len(exprLines) {
			pos = exprLines[line-1]
			pos.Column += col - 1
			pos.Offset += col - 1
		} else {
			msg += "\n   in " + what + " " + strconv.Quote(expr)
		}
		c.addDiag(model.Diagnostic{Pos: pos, Tag: r.Tag, Msg: msg})
	}
	if !found {
		msg := prefix + detail
		if len(exprLines) == 0 {
			msg += " (" + what + " " + strconv.Quote(expr) + ")"
		}
		c.addDiag(model.Diagnostic{Pos: r.Pos, Tag: r.Tag, Msg: msg})
	}
}
