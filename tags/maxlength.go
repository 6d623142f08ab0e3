package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("maxLength", []string{"k8s:maxLength"}, stringKinds,
		"The string must have at most N characters (Unicode code points).", "maxLength",
		func(v *model.Validations) *[]model.Int { return &v.MaxLength })
}
