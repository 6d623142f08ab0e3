package v1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Bundle a runtime.Object, so that the validators' RegisterValidations
// compiles (controller-gen object does not run on golden folders; nothing mutates the copy).
func (in *Bundle) DeepCopyObject() runtime.Object {
	c := *in
	return &c
}
