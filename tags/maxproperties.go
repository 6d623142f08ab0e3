package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("maxProperties", []string{"k8s:maxProperties"}, propertyKinds,
		"The map (or object) must have at most N entries.", "maxProperties",
		func(v *model.Validations) *[]model.Int { return &v.MaxProperties })
}
