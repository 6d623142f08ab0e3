package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("minLength", []string{"k8s:minLength"}, stringKinds,
		"The string must have at least N characters (Unicode code points).", "minLength",
		func(v *model.Validations) *[]model.Int { return &v.MinLength })
}
