package v1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject makes Widget a runtime.Object, so that the behaviour test can build (deepcopy-gen
// does not run on golden folders; nothing mutates the copy).
func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}
