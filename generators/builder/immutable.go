package builder

import "github.com/validation-gen/validation-gen/model"

// immutableTransitions publishes, in a package written for Kubernetes' validation-gen, what the
// "self == oldSelf" rule of a +k8s:immutable field does not see: the field set where it was unset,
// or removed. Upstream's validate.Immutable reports any change of the value, so the struct holding
// the field says "has(oldSelf.f) == has(self.f)", reported at the field with Immutable's message.
// It is SchemaOnly (the Go validators call validate.Immutable). A field at a stability level or
// under a validation option is Go's only, as its own rule; a non-pointer struct is always present;
// a name no rule can select is reported by the check stage (check.unnamable).
func (b *builder) immutableTransitions(holder *model.Definition, prop *model.Property) {
	im := prop.Node.V.Immutable
	if im == nil || im.Level != "" || len(im.Options) > 0 || !holder.Package.UpstreamSemantics() ||
		prop.Node.Kind == model.KindObject && !prop.Node.Pointer {
		return
	}
	self, ok := model.CELSelect("self", prop.Name)
	if !ok {
		return
	}
	old := model.MustCELSelect("oldSelf", prop.Name)
	holder.Node.V.Rules = append(holder.Node.V.Rules, model.Rule{
		Rule: "has(" + old + ") == has(" + self + ")", Message: "field is immutable", Reason: "Invalid",
		FieldPath: model.FieldPathChild(prop.Name), RulePos: im.Pos, Origin: im.Origin, SchemaOnly: true,
	})
}
