package tags

import (
	"strconv"

	"github.com/validation-gen/validation-gen/model"
)

// kbMinimum is +kubebuilder:validation:Minimum's argument.
type kbMinimum float64

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Minimum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's lower bound; the same as +minimum.",
		OpenAPI: "minimum", Example: "+kubebuilder:validation:Minimum=1",
		Apply: func(c *Context) error {
			f := float64(c.Marker.(kbMinimum))
			c.V.Minimum = append(c.V.Minimum, model.Number{Value: f, Text: strconv.FormatFloat(f, 'f', -1, 64), Origin: c.Origin()})
			return nil
		},
	}, kbMinimum(0), false, markerDoc{"", "the bound"})
}
