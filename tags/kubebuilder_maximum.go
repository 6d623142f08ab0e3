package tags

import "github.com/validation-gen/validation-gen/model"

// kbMaximum is +kubebuilder:validation:Maximum's argument.
type kbMaximum float64

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Maximum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's upper bound; the same as +maximum.",
		OpenAPI: "maximum", Example: "+kubebuilder:validation:Maximum=65535",
		Apply: func(c *Context) error {
			n, err := markerBound(c, float64(c.Marker.(kbMaximum)), false)
			if err != nil {
				return err
			}
			c.V.Maximum = append(c.V.Maximum, n)
			return nil
		},
	}, kbMaximum(0), false, markerDoc{"", "the bound"})
}
