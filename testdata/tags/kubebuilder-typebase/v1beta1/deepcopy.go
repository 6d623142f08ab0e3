package v1beta1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Filter a runtime.Object, so that the validators' RegisterValidations
// compiles (controller-gen object does not run on golden folders; nothing mutates the copy).
func (in *Filter) DeepCopyObject() runtime.Object {
	c := *in
	return &c
}
