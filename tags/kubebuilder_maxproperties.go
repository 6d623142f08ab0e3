package tags

import "github.com/validation-gen/validation-gen/model"

// kbMaxProperties is +kubebuilder:validation:MaxProperties's argument.
type kbMaxProperties int

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MaxProperties", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindObject, model.KindMap},
		Doc:     "controller-gen's spelling of +maxProperties.",
		OpenAPI: "maxProperties", Example: "+kubebuilder:validation:MaxProperties=16",
		Apply: func(c *Context) error {
			n := int64(c.Marker.(kbMaxProperties))
			if n < 0 {
				return c.Errorf("must be a non-negative integer, not %d", n)
			}
			c.V.MaxProperties = append(c.V.MaxProperties, model.Int{Value: n, Origin: c.Origin()})
			return nil
		},
	}, kbMaxProperties(0), false, markerDoc{"", "the limit"})
}
