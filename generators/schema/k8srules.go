package schema

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// Upstream validation-gen enforces its +k8s: checks in Go only: its OpenAPI says nothing about
// +k8s:neq, +k8s:maxBytes, +k8s:monotonic, +k8s:forbidden or +k8s:update. This generator publishes each of them
// as an x-kubernetes-validations rule with the message apimachinery's validate function gives, so
// that the API server (a CRD, or a client reading the OpenAPI) enforces what the Go validators do.
// The rules are derived here, when the schema is spelled, and never reach the Go validators, which
// call the validate functions themselves (model.Validations.Calls, Forbidden, Update).
//
// Where Go and the published rule cannot agree exactly, the rule is left out and the tag reference
// says so: list and map item constraints (+k8s:update=NoAddItem/NoRemoveItem report each item,
// a rule only the list), non-pointer structs for +k8s:forbidden (a rule cannot tell a zero
// struct from a set one), and fields whose JSON names no rule can select even escaped
// (model.CELName: a leading digit, a character the API server does not escape), which the check
// stage reports (check.unnamable). Every other name is spelled as the server expects it
// (model.CELSelect: self.__namespace__, self.x__dash__ref) and reported at its JSON path
// (model.FieldPathChild: .namespace, ['a.b']).

// k8sRules returns the rules that publish the +k8s: checks of node n: its own (neq, maxBytes),
// and, for a struct, those of its fields that only the struct can state (forbidden, and update
// transitions, which compare the field's presence in the old and new objects).
func k8sRules(n *model.Node, correlated bool) []model.Rule {
	rules := subfieldRules(n, correlated)
	// What a stability level or a validation option wraps is Go's only (model.Published).
	for _, c := range callChecks(model.Published(n.V).Calls, "self") {
		rules = append(rules, model.Rule{Rule: c.pred, Message: c.msg, MessageExpression: c.msgExpr, Reason: "Invalid",
			RulePos: c.pos, Origin: c.origin})
	}
	if n.Kind != model.KindObject {
		return rules
	}
	rules = append(rules, modeRules(n, correlated)...)
	for _, p := range n.Properties {
		pv := model.Published(p.Node.V)
		v := &pv
		if v.Forbidden != nil {
			if set, ok := model.CELIsSet("self", p); ok {
				rules = append(rules, model.Rule{Rule: model.CELNot(set), Message: "Forbidden", Reason: "Forbidden",
					FieldPath: model.FieldPathChild(p.Name), RulePos: v.Forbidden.Pos, Origin: v.Forbidden.Origin})
			}
		}
		if v.Update != nil {
			rules = append(rules, updateRules(p, v.Update)...)
		}
	}
	return rules
}

// HasK8sRules reports whether k8sRules publishes anything for n, for the CEL checker, which
// shapes and compiles only the places that have rules.
func HasK8sRules(n *model.Node) bool { return len(k8sRules(n, true)) > 0 }

// subfieldRules publishes +k8s:subfield: every check chained to a subfield that a rule states
// with the Go check's error type (subfieldChecks), and its +k8s:update transitions, becomes a
// rule of the struct value (self), and so do the unions of subfields (+k8s:subfield(x)=
// +k8s:unionMember, with validate.Union's messages, at the struct value),
// reported at the subfield (fieldPath). Go's validate.Subfield does not check a subfield equal to
// its old value; where the server correlates the struct with its old value (correlated), the rule
// says the same through oldSelf, optional so that it runs on create too. Where it cannot (items
// of atomic lists and sets), the rule cannot use oldSelf, and the Go validators have no old value
// there either.
func subfieldRules(n *model.Node, correlated bool) []model.Rule {
	v := model.Published(n.V)
	if len(v.Subfields) == 0 {
		return nil
	}
	props := model.Effective(n).Properties
	var rules []model.Rule
	var members []model.HostMember // the subfields' unions, among the fields of the struct value
	for _, sf := range v.Subfields {
		var p *model.Property
		for _, q := range props {
			if q.Name == sf.Name {
				p = q
			}
		}
		m := model.HostMember{Name: sf.Name, Prop: p, Tags: sf.V}
		if p != nil && model.CELSelectable(sf.Name) {
			m.Set, m.OK = model.CELIsSet("self", p)
			m.OldSet, _ = model.CELIsSet("oldSelf.value()", p)
		}
		members = append(members, m)
		if p == nil || !model.CELSelectable(sf.Name) {
			continue
		}
		x, ox := model.MustCELSelect("self", sf.Name), model.MustCELSelect("oldSelf.value()", sf.Name)
		has, oldHas := "has("+x+")", "has("+ox+")"
		unchanged := "oldSelf.hasValue() && " + oldHas + " && " + ox + " == " + x
		add := func(rule, msg, reason string, pos token.Position, o model.Origin) {
			rules = append(rules, model.Rule{Rule: rule, Message: msg, Reason: reason, FieldPath: model.FieldPathChild(sf.Name),
				OptionalOldSelf: correlated, RulePos: pos, Origin: o})
		}
		sv := model.Published(*sf.V)
		set, setOK := model.CELIsSet("self", p)
		oldSet, _ := model.CELIsSet("oldSelf.value()", p)
		if f := sv.Forbidden; f != nil && setOK {
			rule := model.CELNot(set)
			if correlated {
				rule += " || " + unchanged
			}
			add(rule, "Forbidden", "Forbidden", f.Pos, f.Origin)
		}
		if r := sv.Required; r != nil && setOK && sv.Optional == nil {
			rule := set
			if correlated {
				rule += " || oldSelf.hasValue() && " + model.CELNot(oldSet)
			}
			add(rule, "Required value", "Required", r.Pos, r.Origin)
		}
		node := sf.Node
		if node == nil {
			node = p.Node
		}
		for _, c := range subfieldChecks(node, &sv, x) {
			rule := "!" + has + " || "
			if correlated {
				rule += unchanged + " || "
			}
			add(rule+c.pred, c.msg, "Invalid", c.pos, c.origin)
		}
		if u := sv.Update; u != nil && correlated {
			// As on a field: transition rules of the struct, which run where its old value
			// correlates, as validate.Update* checks only where the subfield has an old value.
			rules = append(rules, updateRules(p, u)...)
		}
	}
	for _, r := range model.UnionRules(members, "") {
		rules = append(rules, unchangedIf(r, correlated))
	}
	return rules
}

// ElementRules are the rules that the items schema of list n (the values schema of map n)
// carries for the tags of the list or map: +k8s:eachVal=+k8s:update on list-map items and map
// values, and +k8s:item on list-map items (itemRules). They are transition rules, or ratchet
// through oldSelf: the server correlates list-map items by key and map values by key, as Go's
// validators find the old element, so they are published only where n itself is correlated
// (correlated) and, for a map, where its values are not atomic. Elsewhere (sets, atomic lists)
// they are Go's only: the server cannot correlate the elements Go compares.
func ElementRules(n *model.Node, correlated bool) []model.Rule {
	if !correlated {
		return nil
	}
	v := model.Published(n.V)
	switch {
	case n.Kind == model.KindList && v.ListType != nil && v.ListType.Value == "map":
		return append(valueUpdateRules(n.Items, model.Published(n.Items.V).Update), itemRules(n, v)...)
	case n.Kind == model.KindMap && (v.MapType == nil || v.MapType.Value != "atomic"):
		return valueUpdateRules(n.Values, model.Published(n.Values.V).Update)
	}
	return nil
}

// itemRules publishes +k8s:item on the items of list map n: for a selector whose keys are the
// map's keys, what subfieldRules publishes for the selected item and the selector's own
// +k8s:update, each rule guarded by the selection. The server correlates list-map items by those
// keys, as validate.SliceItem finds the old item. Selectors of other keys are Go's only.
func itemRules(n *model.Node, v model.Validations) []model.Rule {
	var rules []model.Rule
	for _, it := range v.ItemSelectors {
		if it.Node == nil || !sameKeys(it.Keys, v.ListMapKeys) {
			continue
		}
		guard, ok := it.CELMatch("self")
		if !ok {
			continue
		}
		// Only the selector's own tags: what the item's type declares is published with the type.
		item := &model.Node{Kind: model.KindObject, V: *it.V, Ref: it.Node.Ref, Properties: it.Node.Properties}
		sv := model.Published(*it.V)
		for _, r := range append(subfieldRules(item, true), valueUpdateRules(it.Node, sv.Update)...) {
			r.Rule = model.CELNot(guard) + " || (" + r.Rule + ")"
			rules = append(rules, r)
		}
	}
	return rules
}

// valueUpdateRules publishes +k8s:update on an element itself (a list-map item, a map value):
// transition rules of the element's schema, which the server runs where the element has an old
// one, as Go's validate.Update* checks it against its correlated old element, with the same
// messages at the element. An element of pointer type is Go's only (a rule cannot tell JSON null
// from a missing value there).
func valueUpdateRules(n *model.Node, u *model.UpdateRule) []model.Rule {
	if u == nil || n == nil || n.Pointer {
		return nil
	}
	if n.Kind == model.KindObject {
		return transitionRules(u, "", "", "self", "oldSelf", "") // a struct is always set
	}
	set, ok := model.CELValueIsSet("self", n)
	oldSet, _ := model.CELValueIsSet("oldSelf", n)
	if !ok {
		return nil
	}
	return transitionRules(u, set, oldSet, "self", "oldSelf", "")
}

// transitionRules are the rules of +k8s:update's NoSet, NoUnset and NoModify on a value cur (old
// its old value), set and oldSet their tests of being set ("" for a value that is always set,
// where only NoModify applies), with apimachinery's messages, reported at fieldPath. NoAddItem and
// NoRemoveItem are left out: see the comment at the top.
func transitionRules(u *model.UpdateRule, set, oldSet, cur, old, fieldPath string) []model.Rule {
	var rules []model.Rule
	for _, c := range u.Constraints {
		var rule, msg string
		switch {
		case c == "NoModify":
			rule, msg = cur+" == "+old, "field cannot be modified once set"
			if set != "" {
				rule = model.CELNot(oldSet) + " || " + model.CELNot(set) + " || " + rule
			}
		case set == "":
			continue
		case c == "NoSet":
			rule, msg = oldSet+" || "+model.CELNot(set), "field cannot be set once created"
		case c == "NoUnset":
			rule, msg = model.CELNot(oldSet)+" || "+set, "field cannot be cleared once set"
		default:
			continue
		}
		rules = append(rules, model.Rule{Rule: rule, Message: msg, Reason: "Invalid", FieldPath: fieldPath, RulePos: u.Pos, Origin: u.Origin})
	}
	return rules
}

// sameKeys reports whether a selector names exactly the keys of a list map.
func sameKeys(keys []model.ItemKey, mapKeys []model.String) bool {
	if len(keys) != len(mapKeys) {
		return false
	}
	for _, mk := range mapKeys {
		found := false
		for _, k := range keys {
			found = found || k.Name == mk.Value
		}
		if !found {
			return false
		}
	}
	return true
}

// check is a predicate a rule states about a value, with the Go check's message (or a message
// expression); a transition check compares the value with oldSelf.
type check struct {
	pred, msg, msgExpr string
	transition         bool
	pos                token.Position
	origin             model.Origin
}

// subfieldChecks are the checks of v, declared for a value of node n, that a rule can state about
// x with the error type of the Go check (Invalid): minimum and maximum, +k8s:neq, +k8s:maxBytes
// and formats with a fallback rule or pattern. Others (lengths, item counts, enums: Go reports
// TooLong, TooMany, NotSupported, which a rule cannot) are Go's only.
func subfieldChecks(n *model.Node, v *model.Validations, x string) []check {
	var out []check
	kind := model.Effective(n).Kind
	if kind == model.KindInteger || kind == model.KindNumber {
		bound := func(m model.Number, op, word string) {
			if kind == model.KindInteger && m.Value != float64(int64(m.Value)) {
				return
			}
			lit := strconv.FormatFloat(m.Value, 'f', -1, 64)
			if kind == model.KindNumber && !strings.ContainsAny(lit, ".eE") {
				lit += ".0"
			}
			out = append(out, check{pred: x + " " + op + " " + lit, msg: "must be " + word + " " + m.Text, pos: m.Pos, origin: m.Origin})
		}
		for _, m := range v.Minimum {
			if m.Exclusive {
				bound(m, ">", "greater than")
			} else {
				bound(m, ">=", "greater than or equal to")
			}
		}
		for _, m := range v.Maximum {
			if m.Exclusive {
				bound(m, "<", "less than")
			} else {
				bound(m, "<=", "less than or equal to")
			}
		}
	}
	if f := v.Format; f != nil && kind == model.KindString {
		if row, ok := formats.Lookup(f.Name); ok {
			if pred := row.CELCheck(x); pred != "" {
				out = append(out, check{pred: pred, msg: row.RuleMessage(), pos: f.Pos, origin: f.Origin})
			}
		}
	}
	for _, c := range callChecks(v.Calls, x) {
		if !c.transition { // +k8s:monotonic of a subfield is Go's only
			out = append(out, c)
		}
	}
	return out
}

// callChecks are the rules that publish apimachinery validate calls about x, in tag order:
// +k8s:neq and +k8s:maxBytes, and +k8s:monotonic as a transition rule (which runs where the old
// value exists, as the Go check needs both values; x must be self).
func callChecks(calls []model.LibCall, x string) []check {
	var out []check
	for _, c := range calls {
		switch c.Func {
		case "NEQ":
			if len(c.Args) == 1 {
				if lit, ok := model.CELLiteral(c.Args[0]); ok {
					out = append(out, check{pred: x + " != " + lit, msg: neqMessage(c.Args[0]), pos: c.Pos, origin: c.Origin})
				}
			}
		case "Monotonic":
			out = append(out, check{pred: x + " >= oldSelf", msgExpr: "'may not be decreased from ' + string(oldSelf)",
				transition: true, pos: c.Pos, origin: c.Origin})
		case "MaxBytes":
			if len(c.Args) == 1 {
				if max, ok := c.Args[0].(int); ok {
					out = append(out, check{pred: fmt.Sprintf("bytes(%s).size() <= %d", x, max),
						msg: fmt.Sprintf("may not be more than %d bytes", max), pos: c.Pos, origin: c.Origin})
				}
			}
		}
	}
	return out
}

// updateRules publishes the NoSet, NoUnset and NoModify transitions of a field as transition rules
// of its struct (the struct's old and new values both exist when they run, as the Go check runs
// only where an old value correlates). NoModify, like the Go check, relies on ratcheting for the
// "changed" part: the rule adds the comparison itself.
func updateRules(p *model.Property, u *model.UpdateRule) []model.Rule {
	if !model.CELSelectable(p.Name) {
		return nil
	}
	setNew, ok := model.CELIsSet("self", p)
	setOld, _ := model.CELIsSet("oldSelf", p)
	cur, old := model.MustCELSelect("self", p.Name), model.MustCELSelect("oldSelf", p.Name)
	if !ok && p.Node.Kind == model.KindObject && !p.Node.Pointer {
		// A non-pointer struct is always set in Go (only NoModify applies to it): compared
		// whenever both objects carry it (JSON leaves it out only with omitzero).
		setNew, setOld, ok = "has("+cur+")", "has("+old+")", true
	}
	if !ok {
		return nil
	}
	return transitionRules(u, setNew, setOld, cur, old, model.FieldPathChild(p.Name))
}

// neqMessage is apimachinery's content.NEQError: strings quoted as Go quotes them.
func neqMessage(v any) string {
	if s, ok := v.(string); ok {
		return "must not be equal to " + strconv.Quote(s)
	}
	return fmt.Sprintf("must not be equal to %v", v)
}

// modeRules publishes the modalities of struct n (+k8s:modeDiscriminator, +k8s:ifMode) as rules of
// the struct, with the errors validate.Discriminated gives at the member field: in a mode without
// +k8s:ifMode tags a set member is Forbidden; in a mode with them, the member is Forbidden, Required,
// or checked as its chained tags say (the checks a rule states with the Go check's error type, where
// an unset member has nothing to check: optional, required or a pointer). Like Discriminated, an
// update that changes neither the mode nor the member is not checked (UnchangedIf, where the struct
// correlates). A modality whose tags have a stability level or a validation option is Go's only.
func modeRules(n *model.Node, correlated bool) []model.Rule {
	discs := map[string]*model.Property{}
	for _, p := range n.Properties {
		if md := p.Node.V.ModeDiscriminator; md != nil {
			discs[md.Modality] = p
		}
	}
	var rules []model.Rule
	for _, p := range n.Properties {
		byModality := map[string][]*model.IfMode{}
		var modalities []string
		for _, m := range p.Node.V.IfModes {
			if _, ok := byModality[m.Modality]; !ok {
				modalities = append(modalities, m.Modality)
			}
			byModality[m.Modality] = append(byModality[m.Modality], m)
		}
		for _, modality := range modalities {
			for _, r := range memberModeRules(discs[modality], p, byModality[modality]) {
				rules = append(rules, unchangedIf(r, correlated))
			}
		}
	}
	return rules
}

// memberModeRules are the rules of one member p of the modality whose discriminator is d.
func memberModeRules(d, p *model.Property, ifModes []*model.IfMode) []model.Rule {
	published := func(o model.Origin) bool { return o.Level == "" && len(o.Options) == 0 }
	if d == nil || !published(d.Node.V.ModeDiscriminator.Origin) || !model.CELSelectable(d.Name) || !model.CELSelectable(p.Name) {
		return nil
	}
	set, ok := model.CELIsSet("self", p)
	if !ok {
		return nil
	}
	zero := "''"
	if d.Node.Kind == model.KindBoolean {
		zero = "false"
	}
	value := func(x string) string {
		sel := model.MustCELSelect(x, d.Name)
		return "(has(" + sel + ") ? " + sel + " : " + zero + ")"
	}
	lit := func(mode string) string {
		if d.Node.Kind == model.KindBoolean {
			return mode // "true" or "false"
		}
		return strconv.Quote(mode)
	}
	f, of := model.MustCELSelect("self", p.Name), model.MustCELSelect("oldSelf.value()", p.Name)
	unchanged := value("oldSelf.value()") + " == " + value("self") + " && has(" + f + ") == has(" + of + ") && (!has(" + f + ") || " + f + " == " + of + ")"
	var rules []model.Rule
	add := func(rule, msg, reason string, o model.Origin) {
		rules = append(rules, model.Rule{Rule: rule, Message: msg, Reason: reason, FieldPath: model.FieldPathChild(p.Name), RulePos: o.Pos,
			Origin: o, UnchangedIf: unchanged})
	}
	byMode := map[string][]*model.IfMode{}
	var modes, lits []string
	for _, m := range ifModes {
		if !published(m.Origin) {
			return nil
		}
		if _, ok := byMode[m.Mode]; !ok {
			modes = append(modes, m.Mode)
			lits = append(lits, lit(m.Mode))
		}
		byMode[m.Mode] = append(byMode[m.Mode], m)
	}
	add(value("self")+" in ["+strings.Join(lits, ", ")+"] || "+model.CELNot(set), "Forbidden", "Forbidden", ifModes[0].Origin)
	for _, mode := range modes {
		other := value("self") + " != " + lit(mode) + " || "
		var vs []*model.Validations // the mode's tags, as one value's
		for _, m := range byMode[mode] {
			vs = append(vs, m.V)
		}
		v := model.MergeValidations(vs, nil)
		switch {
		case v.Forbidden != nil:
			add(other+model.CELNot(set), "Forbidden", "Forbidden", v.Forbidden.Origin)
			continue
		case v.Required != nil:
			add(other+set, "Required value", "Required", v.Required.Origin)
		case v.Optional == nil && !p.Node.Pointer:
			continue // Go checks the zero value of an unset member, which the server does not see
		}
		for _, c := range subfieldChecks(p.Node, &v, f) {
			add(other+"!has("+f+") || "+c.pred, c.msg, "Invalid", c.origin)
		}
	}
	return rules
}
