package tags

import "github.com/validation-gen/validation-gen/model"

// kbMinLength is +kubebuilder:validation:MinLength's argument.
type kbMinLength int

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MinLength", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindString},
		Doc:     "controller-gen's spelling of +minLength.",
		OpenAPI: "minLength", Example: "+kubebuilder:validation:MinLength=1",
		Apply: func(c *Context) error {
			n := int64(c.Marker.(kbMinLength))
			if n < 0 {
				return c.Errorf("must be a non-negative integer, not %d", n)
			}
			c.V.MinLength = append(c.V.MinLength, model.Int{Value: n, Origin: c.Origin()})
			return nil
		},
	}, kbMinLength(0), false, markerDoc{"", "the limit"})
}
