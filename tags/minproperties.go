package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("minProperties", []string{"k8s:minProperties"}, propertyKinds,
		"The map (or object) must have at least N entries.", "minProperties",
		func(v *model.Validations) *[]model.Int { return &v.MinProperties })
}
