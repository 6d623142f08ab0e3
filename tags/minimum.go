package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerBound("minimum", []string{"k8s:minimum"},
		"The value must be at least N (greater than N with +exclusiveMinimum).", "minimum",
		func(v *model.Validations) *[]model.Number { return &v.Minimum })
}
