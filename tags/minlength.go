package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerSize("minLength", []string{"k8s:minLength"}, stringKinds,
		"The string must have at least N characters (Unicode code points); a []byte, at least N characters of its base64 text, as the API server counts them.", "minLength",
		func(v *model.Validations) *[]model.Int { return &v.MinLength })
}
