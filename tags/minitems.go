package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("minItems", []string{"k8s:minItems"}, listKinds,
		"The list must have at least N items.", "minItems",
		func(v *model.Validations) *[]model.Int { return &v.MinItems })
}
