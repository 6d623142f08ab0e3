package schema

import (
	"fmt"
	"strconv"
	"strings"

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
// struct from a set one), and fields whose JSON names a rule cannot select without escaping
// (model.CELSelectable), as for the published unions (generators/builder/unions.go).

// k8sRules returns the rules that publish the +k8s: checks of node n: its own (neq, maxBytes),
// and, for a struct, those of its fields that only the struct can state (forbidden, and update
// transitions, which compare the field's presence in the old and new objects).
func k8sRules(n *model.Node) []model.Rule {
	var rules []model.Rule
	// What a stability level or a validation option wraps is Go's only (model.Published).
	for _, c := range model.Published(n.V).Calls {
		switch c.Func {
		case "NEQ":
			if len(c.Args) == 1 {
				if lit, ok := celLiteral(c.Args[0]); ok {
					rules = append(rules, model.Rule{Rule: "self != " + lit, Message: neqMessage(c.Args[0]),
						Reason: "Invalid", RulePos: c.Pos, Origin: c.Origin})
				}
			}
		case "Monotonic":
			// A transition rule runs where the old value exists, as the Go check needs both values.
			rules = append(rules, model.Rule{Rule: "self >= oldSelf", MessageExpression: "'may not be decreased from ' + string(oldSelf)",
				Reason: "Invalid", RulePos: c.Pos, Origin: c.Origin})
		case "MaxBytes":
			if len(c.Args) == 1 {
				if max, ok := c.Args[0].(int); ok {
					rules = append(rules, model.Rule{Rule: fmt.Sprintf("bytes(self).size() <= %d", max),
						Message: fmt.Sprintf("may not be more than %d bytes", max), Reason: "Invalid", RulePos: c.Pos, Origin: c.Origin})
				}
			}
		}
	}
	if n.Kind != model.KindObject {
		return rules
	}
	for _, p := range n.Properties {
		pv := model.Published(p.Node.V)
		v := &pv
		if v.Forbidden != nil {
			if set, ok := model.CELIsSet("self", p); ok {
				rules = append(rules, model.Rule{Rule: model.CELNot(set), Message: "Forbidden", Reason: "Forbidden",
					FieldPath: "." + p.Name, RulePos: v.Forbidden.Pos, Origin: v.Forbidden.Origin})
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
func HasK8sRules(n *model.Node) bool { return len(k8sRules(n)) > 0 }

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
	if !ok && p.Node.Kind == model.KindObject && !p.Node.Pointer {
		// A non-pointer struct is always set in Go (only NoModify applies to it): compared
		// whenever both objects carry it (JSON leaves it out only with omitzero).
		setNew, setOld, ok = "has(self."+p.Name+")", "has(oldSelf."+p.Name+")", true
	}
	if !ok {
		return nil
	}
	var rules []model.Rule
	for _, c := range u.Constraints {
		var rule, msg string
		switch c {
		case "NoSet":
			rule, msg = setOld+" || "+model.CELNot(setNew), "field cannot be set once created"
		case "NoUnset":
			rule, msg = model.CELNot(setOld)+" || "+setNew, "field cannot be cleared once set"
		case "NoModify":
			rule, msg = model.CELNot(setOld)+" || "+model.CELNot(setNew)+" || self."+p.Name+" == oldSelf."+p.Name, "field cannot be modified once set"
		default:
			continue // item constraints: see the comment at the top
		}
		rules = append(rules, model.Rule{Rule: rule, Message: msg, Reason: "Invalid", FieldPath: "." + p.Name,
			RulePos: u.Pos, Origin: u.Origin})
	}
	return rules
}

// celLiteral spells a +k8s:neq argument as a CEL literal.
func celLiteral(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(v) + "'", true
	case int64:
		return strconv.FormatInt(v, 10), true
	case bool:
		return strconv.FormatBool(v), true
	}
	return "", false
}

// neqMessage is apimachinery's content.NEQError: strings quoted as Go quotes them.
func neqMessage(v any) string {
	if s, ok := v.(string); ok {
		return "must not be equal to " + strconv.Quote(s)
	}
	return fmt.Sprintf("must not be equal to %v", v)
}
