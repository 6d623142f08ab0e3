package tags

import "github.com/validation-gen/validation-gen/model"

// kbExclusiveMinimum is +kubebuilder:validation:ExclusiveMinimum's argument.
type kbExclusiveMinimum bool

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:ExclusiveMinimum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's spelling of +exclusiveMinimum: with true, the +kubebuilder:validation:Minimum excludes the bound itself.",
		OpenAPI: "exclusiveMinimum", Example: "+kubebuilder:validation:ExclusiveMinimum=true",
		Apply: func(c *Context) error {
			if c.Marker.(kbExclusiveMinimum) {
				c.V.ExclusiveMinimum = &model.Flag{Origin: c.Origin()}
			}
			return nil
		},
	}, kbExclusiveMinimum(false), false, markerDoc{"", "true to exclude the bound"})
}
