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
	for _, e := range def.Node.Embedded {
		if e.Node.Ref == nil || e.Node.V.Opaque != nil || e.Node.Ref.Node.Kind != model.KindObject {
			continue
		}
		guard, guarded := "", false
		if upstream && e.Node.Pointer {
			var ok bool
			if guard, ok = promotedPresent(def, e.GoName); !ok {
				continue // a field a rule cannot name: the embedded struct's validator only
			}
			guarded = true
		}
		for _, r := range e.Node.Ref.Node.V.Rules {
			if r.SchemaOnly || strings.HasPrefix(r.Tag, "kubebuilder:") {
				continue // controller-gen's markers: kubebuilderEmbedded inlines them at every depth
			}
			if upstream {
				r.SchemaOnly = true
			}
			if guarded {
				r.Rule = model.CELNot(guard) + " || (" + r.Rule + ")"
				r.Lines = nil // the expression is no longer the one written at the tag
			}
			rules = append(rules, r)
		}
	}
	if len(rules) > 0 {
		v := &def.Node.V
		v.Rules = append(v.Rules[:len(v.Rules):len(v.Rules)], rules...)
	}
}
