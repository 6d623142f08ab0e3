package tags

import (
	"strconv"

	"github.com/validation-gen/validation-gen/model"
)

// kbMaximum is +kubebuilder:validation:Maximum's argument.
type kbMaximum float64

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Maximum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's upper bound; the same as +maximum.",
		OpenAPI: "maximum", Example: "+kubebuilder:validation:Maximum=65535",
		Apply: func(c *Context) error {
			f := float64(c.Marker.(kbMaximum))
			c.V.Maximum = append(c.V.Maximum, model.Number{Value: f, Text: strconv.FormatFloat(f, 'f', -1, 64), Origin: c.Origin()})
			return nil
		},
	}, kbMaximum(0), false, markerDoc{"", "the bound"})
}
