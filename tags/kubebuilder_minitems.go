package tags

import "github.com/validation-gen/validation-gen/model"

// kbMinItems is +kubebuilder:validation:MinItems's argument.
type kbMinItems int

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MinItems", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindList},
		Doc:     "controller-gen's spelling of +minItems.",
		OpenAPI: "minItems", Example: "+kubebuilder:validation:MinItems=1",
		Apply: func(c *Context) error {
			n := int64(c.Marker.(kbMinItems))
			if n < 0 {
				return c.Errorf("must be a non-negative integer, not %d", n)
			}
			c.V.MinItems = append(c.V.MinItems, model.Int{Value: n, Origin: c.Origin()})
			return nil
		},
	}, kbMinItems(0), false, markerDoc{"", "the limit"})
}
