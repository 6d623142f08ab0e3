// Package out is the output package of ../api, whose Widget reaches an unexported type.
//
// +k8s:validation-gen-input=github.com/validation-gen/validation-gen/testdata/errors/outputpackageunexported/api
package out
