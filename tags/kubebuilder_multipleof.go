package tags

import (
	"strconv"

	"github.com/validation-gen/validation-gen/model"
)

// kbMultipleOf is +kubebuilder:validation:MultipleOf's argument.
type kbMultipleOf float64

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:MultipleOf", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindInteger, model.KindNumber},
		Doc:     "controller-gen's multipleOf; the same as +multipleOf.",
		OpenAPI: "multipleOf", Example: "+kubebuilder:validation:MultipleOf=5",
		Apply: func(c *Context) error {
			f := float64(c.Marker.(kbMultipleOf))
			c.V.MultipleOf = append(c.V.MultipleOf, model.Number{Value: f, Text: strconv.FormatFloat(f, 'f', -1, 64), Origin: c.Origin()})
			return nil
		},
	}, kbMultipleOf(0), false, markerDoc{"", "the bound"})
}
