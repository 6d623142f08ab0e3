package schema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/validation-gen/validation-gen/model"
)

// Upstream validation-gen enforces its +k8s: checks in Go only: its OpenAPI says nothing about
// +k8s:neq, +k8s:maxBytes, +k8s:forbidden or +k8s:update. This generator publishes each of them
// as an x-kubernetes-validations rule with the message apimachinery's validate function gives, so
// that the API server (a CRD, or a client reading the OpenAPI) enforces what the Go validators do.
// The rules are derived here, when the schema is spelled, and never reach the Go validators, which
// call the validate functions themselves (model.Validations.Calls, Forbidden, Update).
//
// Where Go and the published rule cannot agree exactly, the rule is left out and the tag reference
// says so: list and map item constraints (+k8s:update=NoAddItem/NoRemoveItem report each item,
// a rule only the list), and non-pointer structs for +k8s:forbidden (a rule cannot tell a zero
// struct from a set one).

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
			if set, ok := isSet("self", p); ok {
				rules = append(rules, model.Rule{Rule: not(set), Message: "Forbidden", Reason: "Forbidden",
					FieldPath: fieldPath(p.Name), RulePos: v.Forbidden.Pos, Origin: v.Forbidden.Origin})
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
	name, ok := apiservercel.Escape(p.Name)
	if !ok {
		return nil
	}
	setNew, ok := isSet("self", p)
	setOld, _ := isSet("oldSelf", p)
	if !ok && p.Node.Kind == model.KindObject && !p.Node.Pointer {
		// A non-pointer struct is always set in Go (only NoModify applies to it): compared
		// whenever both objects carry it (JSON leaves it out only with omitzero).
		setNew, setOld, ok = "has(self."+name+")", "has(oldSelf."+name+")", true
	}
	if !ok {
		return nil
	}
	var rules []model.Rule
	for _, c := range u.Constraints {
		var rule, msg string
		switch c {
		case "NoSet":
			rule, msg = setOld+" || "+not(setNew), "field cannot be set once created"
		case "NoUnset":
			rule, msg = not(setOld)+" || "+setNew, "field cannot be cleared once set"
		case "NoModify":
			rule, msg = not(setOld)+" || "+not(setNew)+" || self."+name+" == oldSelf."+name, "field cannot be modified once set"
		default:
			continue // item constraints: see the comment at the top
		}
		rules = append(rules, model.Rule{Rule: rule, Message: msg, Reason: "Invalid", FieldPath: fieldPath(p.Name),
			RulePos: u.Pos, Origin: u.Origin})
	}
	return rules
}

// isSet is the CEL expression that tells whether field p of obj is set as the Go validate
// functions see it: a pointer when present, any other value when present and not its Go zero
// value (an empty list or map counts as unset). A non-pointer struct is always set in Go and
// cannot be told from a zero one in CEL: ok is false.
func isSet(obj string, p *model.Property) (string, bool) {
	name, ok := apiservercel.Escape(p.Name)
	if !ok {
		return "", false
	}
	has := "has(" + obj + "." + name + ")"
	if p.Node.Pointer {
		return has, true
	}
	field := obj + "." + name
	switch p.Node.Kind {
	case model.KindString:
		if p.Node.Format == "byte" { // []byte: base64 in JSON, bytes in CEL
			return has + " && " + field + ".size() != 0", true
		}
		return has + " && " + field + " != ''", true
	case model.KindInteger:
		return has + " && " + field + " != 0", true
	case model.KindNumber:
		return has + " && " + field + " != 0.0", true
	case model.KindBoolean:
		return has + " && " + field, true
	case model.KindList, model.KindMap:
		return has + " && " + field + ".size() != 0", true
	}
	return "", false
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

var celIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// fieldPath is the fieldPath of a rule about a field, relative to its struct.
func fieldPath(name string) string {
	if celIdent.MatchString(name) {
		return "." + name
	}
	return "['" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(name) + "']"
}

// not negates a CEL expression made by isSet.
func not(expr string) string {
	if strings.Contains(expr, " ") {
		return "!(" + expr + ")"
	}
	return "!" + expr
}
