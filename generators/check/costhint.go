package check

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/model"
)

// costMessage names the estimated cost, the limit, and limits that would bring it under: it tries
// a ladder of bounds on the unbounded lists, maps and strings involved (the enclosing ones and
// those under self), re-estimating each time, and proposes the largest that fits. The limits are
// spelled in the dialect of the rule's tag (ruleTag): +kubebuilder:validation:MaxItems for an
// XValidation marker, +k8s:maxItems for a +k8s: rule, +maxItems otherwise; a rule of another
// module's type (k8s.io/api's, in a CRD) has its limits spelled in the dialect of the package
// that would hold them. Places in another module's types (model.Package.Foreign) are not the
// user's to change: they are neither proposed nor assumed bounded, and the message says so.
func (c *celChecker) costMessage(ruleTag, what string, own, total uint64, n *model.Node, ctx walkCtx, s spec.Schema, idx int, msgExpr bool, rulePos token.Position) string {
	msg := fmt.Sprintf("estimated %s cost %d exceeds the API server's per-rule limit of %d", what, total, uint64(PerRuleCostLimit))
	if total != own {
		card := "an unbounded number of"
		if ctx.card != nil {
			card = strconv.FormatUint(*ctx.card, 10)
		}
		msg += fmt.Sprintf(" (%d per evaluation, evaluated for %s values at %s)", own, card, ctx.path)
	}
	foreignRule := c.foreignAt(rulePos) != nil
	spell := func(limit string, at token.Position) string {
		if foreignRule {
			return model.LimitInDialect(c.dialectAt(at), limit)
		}
		return model.LimitInDialect(ruleTag, limit)
	}
	// The places of other modules: left unbounded in the estimates, and named at the end.
	var foreign []string
	noteForeign := func(pos token.Position) {
		if p := c.foreignAt(pos); p != nil && !slices.Contains(foreign, p.Path) {
			foreign = append(foreign, p.Path)
		}
	}
	var enclosing []unboundedAt
	if !msgExpr {
		for _, u := range ctx.unbounded {
			if c.foreignAt(u.node.Pos) != nil {
				noteForeign(u.node.Pos)
				continue
			}
			enclosing = append(enclosing, u)
		}
	}
	skip := map[string]bool{}
	c.foreignPaths(n, "self", 0, skip)
	var inner []unboundedField
	for _, f := range unboundedInside(n, "self", 0) {
		if underAny(f.path, skip) {
			noteForeign(f.node.Pos)
			continue
		}
		inner = append(inner, f)
	}
	// An enclosing list or map of another module stays unbounded: no bound of the user's fits.
	ladder := boundLadder
	if !msgExpr && len(enclosing) < len(ctx.unbounded) {
		ladder = nil
	}
	for _, b := range ladder {
		bounded, _ := withBounds(s, b.items, b.length, "self", skip)
		ss, err := structural(bounded)
		if err != nil {
			break
		}
		results, err := celenv.Compile(ss, ctx.resourceRoot, c.opts.Compat)
		if err != nil || idx >= len(results) || results[idx].Error != nil {
			break
		}
		cost := results[idx].MaxCost
		if msgExpr {
			cost = results[idx].MessageExpressionMaxCost
		}
		card := ctx.bounded
		for range ctx.unbounded {
			card = mulGuard(card, b.items)
		}
		if msgExpr {
			card = 1 // a messageExpression's cost is not multiplied by the place's cardinality
		}
		if est := mulGuard(cost, card); est <= PerRuleCostLimit {
			var parts []string
			for _, u := range enclosing {
				parts = append(parts, fmt.Sprintf("+%s=%d on %s (%s)", spell(limitTag(u.node), u.node.Pos), b.items, u.path, model.ShortPos(u.node.Pos)))
			}
			for _, f := range inner {
				parts = append(parts, f.where(fmt.Sprintf("+%s=%d", spell(f.tag, f.node.Pos), boundFor(f.tag, b))))
			}
			if len(parts) == 0 {
				break
			}
			return msg + fmt.Sprintf("; with %s the estimate is %d", strings.Join(parts, ", "), est) + c.foreignNote(foreign)
		}
	}
	var parts []string
	for _, u := range enclosing {
		parts = append(parts, fmt.Sprintf("+%s on %s (%s)", spell(limitTag(u.node), u.node.Pos), u.path, model.ShortPos(u.node.Pos)))
	}
	for _, f := range inner {
		parts = append(parts, f.where("+"+spell(f.tag, f.node.Pos)))
	}
	if len(parts) == 0 && msgExpr {
		return msg + "; simplify the messageExpression" + c.foreignNote(foreign)
	}
	if len(parts) == 0 {
		return msg + "; simplify the rule or lower the limits of the lists and maps around it" + c.foreignNote(foreign)
	}
	return msg + "; bound " + strings.Join(parts, ", ") + ", or simplify the rule" + c.foreignNote(foreign)
}

// foreignNote says which packages of other modules hold unbounded places that a hint cannot
// propose to change.
func (c *celChecker) foreignNote(pkgs []string) string {
	if len(pkgs) == 0 {
		return ""
	}
	note := fmt.Sprintf(" (the lists, maps and strings of %s are another module's types, left as they are", strings.Join(pkgs, " and "))
	if !c.opts.NativeValidation {
		note += "; --native-validation publishes their own +k8s: limits too"
	}
	return note + ")"
}

// foreignAt returns the package of another module (model.Package.Foreign) that declares what is at
// pos, or nil.
func (c *celChecker) foreignAt(pos token.Position) *model.Package {
	if pos.Filename == "" {
		return nil
	}
	if p := c.pkgDirs[filepath.Dir(pos.Filename)]; p != nil && p.Foreign {
		return p
	}
	return nil
}

// dialectAt is a tag whose dialect is that of the package declaring what is at pos, for model.LimitInDialect:
// controller-gen's markers in a package written for controller-gen, +k8s: tags in one written for
// Kubernetes' validation-gen, this project's own tags otherwise.
func (c *celChecker) dialectAt(pos token.Position) string {
	switch p := c.pkgDirs[filepath.Dir(pos.Filename)]; {
	case p == nil:
		return ""
	case p.ControllerGen:
		return "kubebuilder:validation:XValidation"
	case p.ValidationGen != nil:
		return "k8s:"
	}
	return ""
}

// foreignPaths records in out the paths under n (spelt as unboundedInside spells them) whose
// values are declared in another module's package: everything below one of them is too.
func (c *celChecker) foreignPaths(n *model.Node, path string, depth int, out map[string]bool) {
	if n == nil || depth > 8 {
		return
	}
	if c.foreignAt(n.Pos) != nil {
		out[path] = true
		return
	}
	eff := model.Effective(n)
	switch eff.Kind {
	case model.KindList:
		c.foreignPaths(eff.Items, path+"[*]", depth+1, out)
	case model.KindMap:
		c.foreignPaths(eff.Values, path+"[*]", depth+1, out)
	case model.KindObject:
		for _, p := range eff.Properties {
			c.foreignPaths(p.Node, path+"."+p.Name, depth+1, out)
		}
	}
}

// underAny reports whether path is one of paths or below one.
func underAny(path string, paths map[string]bool) bool {
	for p := range paths {
		if path == p || strings.HasPrefix(path, p+".") || strings.HasPrefix(path, p+"[") {
			return true
		}
	}
	return false
}

// boundLadder is the sequence of bounds tried, most generous first.
var boundLadder = []struct{ items, length uint64 }{
	{1024, 4096}, {512, 2048}, {256, 1024}, {128, 512}, {64, 256}, {32, 128}, {16, 64}, {8, 32}, {4, 16},
}

func boundFor(tag string, b struct{ items, length uint64 }) uint64 {
	if tag == "maxLength" {
		return b.length
	}
	return b.items
}

// withBounds sets maxItems / maxProperties / maxLength wherever s and its children have none,
// except at the paths of skip and below them (path is s's, spelt as unboundedInside spells it).
func withBounds(s spec.Schema, items, length uint64, path string, skip map[string]bool) (spec.Schema, bool) {
	if skip[path] {
		return s, false
	}
	changed := false
	i, l := int64(items), int64(length)
	switch {
	case s.Type.Contains("array"):
		if s.MaxItems == nil {
			s.MaxItems, changed = &i, true
		}
		if s.Items != nil && s.Items.Schema != nil {
			x, ch := withBounds(*s.Items.Schema, items, length, path+"[*]", skip)
			s.Items = &spec.SchemaOrArray{Schema: &x}
			changed = changed || ch
		}
	case s.Type.Contains("string"):
		if s.MaxLength == nil && s.Format == "" && len(s.Enum) == 0 {
			s.MaxLength, changed = &l, true
		}
	case s.Type.Contains("object"):
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			if s.MaxProperties == nil {
				s.MaxProperties, changed = &i, true
			}
			x, ch := withBounds(*s.AdditionalProperties.Schema, items, length, path+"[*]", skip)
			s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &x}
			changed = changed || ch
		}
		if len(s.Properties) > 0 {
			props := make(map[string]spec.Schema, len(s.Properties))
			for k, p := range s.Properties {
				x, ch := withBounds(p, items, length, path+"."+k, skip)
				props[k] = x
				changed = changed || ch
			}
			s.Properties = props
		}
	}
	return s, changed
}

func limitTag(n *model.Node) string {
	if n.Kind == model.KindMap {
		return "maxProperties"
	}
	return "maxItems"
}

type unboundedField struct {
	tag, path string
	node      *model.Node
}

// where says where a limit goes: on the field, or on the named type of list items and map values,
// which a field's tags cannot reach.
func (f unboundedField) where(limit string) string {
	if parent, ok := strings.CutSuffix(f.path, "[*]"); ok {
		return fmt.Sprintf("%s on the item type of %s (a named type, %s)", limit, parent, model.ShortPos(f.node.Pos))
	}
	return fmt.Sprintf("%s on %s (%s)", limit, f.path, model.ShortPos(f.node.Pos))
}

// unboundedInside lists, under self, the strings, lists and maps without a size limit: bounding
// them lowers the cost of a rule that reads them.
func unboundedInside(n *model.Node, path string, depth int) []unboundedField {
	if depth > 3 || n == nil {
		return nil
	}
	eff := model.Effective(n)
	var out []unboundedField
	switch eff.Kind {
	case model.KindString:
		if len(eff.V.MaxLength) == 0 && eff.V.Pattern == nil && eff.V.Format == nil && len(eff.Enum) == 0 {
			out = append(out, unboundedField{"maxLength", path, n})
		}
	case model.KindList:
		if len(eff.V.MaxItems) == 0 {
			out = append(out, unboundedField{"maxItems", path, n})
		}
		out = append(out, unboundedInside(eff.Items, path+"[*]", depth+1)...)
	case model.KindMap:
		if len(eff.V.MaxProperties) == 0 {
			out = append(out, unboundedField{"maxProperties", path, n})
		}
		out = append(out, unboundedInside(eff.Values, path+"[*]", depth+1)...)
	case model.KindObject:
		if n.Ref != nil && n.Ref.GoPackage == model.MetaV1Path {
			return nil
		}
		for _, p := range eff.Properties {
			out = append(out, unboundedInside(p.Node, path+"."+p.Name, depth+1)...)
		}
	}
	if len(out) > 6 {
		out = out[:6]
	}
	return out
}
