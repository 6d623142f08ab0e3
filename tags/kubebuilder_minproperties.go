package tags

import "github.com/validation-gen/validation-gen/model"

// kbMinProperties is +kubebuilder:validation:MinProperties's argument.
type kbMinProperties int

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MinProperties", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindObject, model.KindMap},
		Doc:     "controller-gen's spelling of +minProperties.",
		OpenAPI: "minProperties", Example: "+kubebuilder:validation:MinProperties=1",
		Apply: func(c *Context) error {
			n := int64(c.Marker.(kbMinProperties))
			if n < 0 {
				return c.Errorf("must be a non-negative integer, not %d", n)
			}
			c.V.MinProperties = append(c.V.MinProperties, model.Int{Value: n, Origin: c.Origin()})
			return nil
		},
	}, kbMinProperties(0), false, markerDoc{"", "the limit"})
}
