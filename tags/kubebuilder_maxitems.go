package tags

import "github.com/validation-gen/validation-gen/model"

// kbMaxItems is +kubebuilder:validation:MaxItems's argument.
type kbMaxItems int

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MaxItems", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindList},
		Doc:     "controller-gen's spelling of +maxItems.",
		OpenAPI: "maxItems", Example: "+kubebuilder:validation:MaxItems=16",
		Apply: func(c *Context) error {
			n := int64(c.Marker.(kbMaxItems))
			if n < 0 {
				return c.Errorf("must be a non-negative integer, not %d", n)
			}
			c.V.MaxItems = append(c.V.MaxItems, model.Int{Value: n, Origin: c.Origin()})
			return nil
		},
	}, kbMaxItems(0), false, markerDoc{"", "the limit"})
}
