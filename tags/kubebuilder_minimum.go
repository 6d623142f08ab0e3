package tags

import "github.com/validation-gen/validation-gen/model"

// kbMinimum is +kubebuilder:validation:Minimum's argument.
type kbMinimum float64

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Minimum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's lower bound; the same as +minimum.",
		OpenAPI: "minimum", Example: "+kubebuilder:validation:Minimum=1",
		Apply: func(c *Context) error {
			n, err := markerBound(c, float64(c.Marker.(kbMinimum)), false)
			if err != nil {
				return err
			}
			c.V.Minimum = append(c.V.Minimum, n)
			return nil
		},
	}, kbMinimum(0), false, markerDoc{"", "the bound"})
}
