package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("maxItems", []string{"k8s:maxItems"}, listKinds,
		"The list must have at most N items.", "maxItems",
		func(v *model.Validations) *[]model.Int { return &v.MaxItems })
}
