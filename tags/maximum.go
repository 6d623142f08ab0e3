package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerBound("maximum", []string{"k8s:maximum"},
		"The value must be at most N (less than N with +exclusiveMaximum).", "maximum",
		func(v *model.Validations) *[]model.Number { return &v.Maximum })
}
