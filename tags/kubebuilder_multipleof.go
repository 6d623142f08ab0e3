package tags

import "github.com/validation-gen/validation-gen/model"

// kbMultipleOf is +kubebuilder:validation:MultipleOf's argument.
type kbMultipleOf float64

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MultipleOf", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's multipleOf; the same as +multipleOf.",
		OpenAPI: "multipleOf", Example: "+kubebuilder:validation:MultipleOf=5",
		Apply: func(c *Context) error {
			n, err := markerBound(c, float64(c.Marker.(kbMultipleOf)), true)
			if err != nil {
				return err
			}
			c.V.MultipleOf = append(c.V.MultipleOf, n)
			return nil
		},
	}, kbMultipleOf(0), false, markerDoc{"", "the bound"})
}
