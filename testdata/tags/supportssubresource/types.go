// Package supportssubresource exercises +k8s:supportsSubresource: the registered validator of
// Widget also runs for /status and /x/y, and reports an internal error for any other subresource.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
package supportssubresource

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

var localSchemeBuilder = &runtime.SchemeBuilder{}

// +k8s:supportsSubresource="/status"
// +k8s:supportsSubresource="/x/y"

// Widget validates the root, /status and /x/y.
type Widget struct {
	metav1.TypeMeta `json:",inline"`

	// +k8s:maxLength=3
	Name string `json:"name"`
}

func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}
