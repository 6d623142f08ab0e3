package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerBound("multipleOf", nil,
		"The value must be a multiple of N (N > 0).", "multipleOf",
		func(v *model.Validations) *[]model.Number { return &v.MultipleOf })
}
