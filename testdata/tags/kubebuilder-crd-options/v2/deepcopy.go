package v2

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Widget a runtime.Object, so that the validators' RegisterValidations
// compiles (controller-gen object does not run on golden folders; nothing mutates the copy).
func (in *Widget) DeepCopyObject() runtime.Object {
	c := *in
	return &c
}

// DeepCopyObject makes Gadget a runtime.Object, so that the validators' RegisterValidations
// compiles (controller-gen object does not run on golden folders; nothing mutates the copy).
func (in *Gadget) DeepCopyObject() runtime.Object {
	c := *in
	return &c
}
