package builder

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// embeddedRules applies the type-level CEL rules of the structs a definition embeds (inline, so
// their fields are the definition's own in JSON) to the definition too, as a rule on the
// embedding struct's schema: a rule of the embedded type reads the same fields there. Without
// this a +validationRule on an embedded type would validate nothing wherever it is embedded.
//
// Outside upstream's semantics the embedding struct's validator checks them as its own rules. In
// a package written for Kubernetes' validation-gen the embedded struct's validator checks them
// (it is called for the embedded field, when an embedded pointer is set): there they are
// published only (SchemaOnly), guarded for an embedded pointer by one of its fields being present,
// which is when encoding/json sets the pointer. The union and dependency rules of the embedded
// struct are not copied: unionRules derives the embedding struct's own; nor are controller-gen's
// +kubebuilder:validation:XValidation rules, which kubebuilderEmbedded inlines as controller-gen
// does.
func embeddedRules(def *model.Definition) {
	upstream := def.Package.UpstreamSemantics()
	var rules []model.Rule
	inlineStructs(def, upstream, func(e *model.Embedded, guard string) {
		var own []model.Rule
		for _, r := range e.Node.Ref.Node.V.Rules {
			if r.SchemaOnly || strings.HasPrefix(r.Tag, "kubebuilder:") {
				continue // controller-gen's markers: kubebuilderEmbedded inlines them at every depth
			}
			r.SchemaOnly = upstream
			own = append(own, r)
		}
		rules = append(rules, guardRules(own, guard)...)
	})
	if len(rules) > 0 {
		v := &def.Node.V
		v.Rules = append(v.Rules[:len(v.Rules):len(v.Rules)], rules...)
	}
}

// inlineStructs calls f for each struct def embeds inline (not +k8s:opaqueType), with the guard
// of the rules it brings: "" when they always apply; in upstream's semantics, for an embedded
// pointer, whose validator runs only when it is set (which encoding/json does when one of the
// fields promoted through it is present), the CEL test of that. A pointer whose promoted fields a
// rule cannot name is skipped: its rules are the Go validator's only.
func inlineStructs(def *model.Definition, upstream bool, f func(e *model.Embedded, guard string)) {
	for _, e := range def.Node.Embedded {
		if e.Node.Ref == nil || e.Node.V.Opaque != nil || e.Node.Ref.Node.Kind != model.KindObject {
			continue
		}
		guard := ""
		if upstream && e.Node.Pointer {
			var ok bool
			if guard, ok = promotedPresent(def, e.GoName); !ok {
				continue
			}
		}
		f(e, guard)
	}
}

// guardRules makes rules hold only under guard (a CEL condition; "" for always).
func guardRules(rules []model.Rule, guard string) []model.Rule {
	if guard == "" {
		return rules
	}
	for i := range rules {
		rules[i].Rule = model.CELNot(guard) + " || (" + rules[i].Rule + ")"
		rules[i].Lines = nil // the expression is no longer the one written at the tag
	}
	return rules
}

// promotedPresent is the CEL test of any field promoted through def's embedded field goName being
// present in self; ok is false when one of them cannot be named in a rule.
func promotedPresent(def *model.Definition, goName string) (string, bool) {
	var terms []string
	for _, p := range def.Node.Properties {
		if p.Promoted != goName {
			continue
		}
		sel, ok := model.CELSelect("self", p.Name)
		if !ok {
			return "", false
		}
		terms = append(terms, "has("+sel+")")
	}
	if len(terms) == 0 {
		return "", false
	}
	return strings.Join(terms, " || "), true
}
