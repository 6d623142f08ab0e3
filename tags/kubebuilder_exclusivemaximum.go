package tags

import "github.com/validation-gen/validation-gen/model"

// kbExclusiveMaximum is +kubebuilder:validation:ExclusiveMaximum's argument.
type kbExclusiveMaximum bool

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:ExclusiveMaximum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's spelling of +exclusiveMaximum: with true, the +kubebuilder:validation:Maximum excludes the bound itself.",
		OpenAPI: "exclusiveMaximum", Example: "+kubebuilder:validation:ExclusiveMaximum=true",
		Apply: func(c *Context) error {
			if c.Marker.(kbExclusiveMaximum) {
				c.V.ExclusiveMaximum = &model.Flag{Origin: c.Origin()}
			}
			return nil
		},
	}, kbExclusiveMaximum(false), false, markerDoc{"", "true to exclude the bound"})
}
