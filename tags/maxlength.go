package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("maxLength", []string{"k8s:maxLength"}, stringKinds,
		"The string must have at most N characters (Unicode code points); a []byte, at most N characters of its base64 text, as the API server counts them.", "maxLength",
		func(v *model.Validations) *[]model.Int { return &v.MaxLength })
}
