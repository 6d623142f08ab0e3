package tags

import "github.com/validation-gen/validation-gen/model"

// kbMaxLength is +kubebuilder:validation:MaxLength's argument.
type kbMaxLength int

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MaxLength", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindString},
		Doc:     "controller-gen's spelling of +maxLength.",
		OpenAPI: "maxLength", Example: "+kubebuilder:validation:MaxLength=253",
		Apply: func(c *Context) error {
			n := int64(c.Marker.(kbMaxLength))
			if n < 0 {
				return c.Errorf("must be a non-negative integer, not %d", n)
			}
			c.V.MaxLength = append(c.V.MaxLength, model.Int{Value: n, Origin: c.Origin()})
			return nil
		},
	}, kbMaxLength(0), false, markerDoc{"", "the limit"})
}
