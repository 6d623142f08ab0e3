package v1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Holder a runtime.Object, so that the validators' RegisterValidations
// compiles (deepcopy-gen does not run on golden folders; nothing mutates the copy).
func (in *Holder) DeepCopyObject() runtime.Object {
	c := *in
	return &c
}
