// Package out names an input package and also declares a type of its own, which would get no
// validator; its +k8s:validation-gen-input is also given twice.
//
// +k8s:validation-gen-input=github.com/validation-gen/validation-gen/testdata/errors/outputpackage/api
// +k8s:validation-gen-input=./api
package out

// Own would get no validator.
type Own struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}
