// Package k8s declares a root kind whose DeepCopyObject deepcopy-gen has not written yet: the
// RegisterValidations that registers it into runtime.Scheme would not compile, which is a warning
// (deepcopy-gen may run after validation-gen in the same go generate), an error under --strict.
package k8s

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +k8s:maxLength=3
	Name string `json:"name"`
}

// Asked has no DeepCopyObject yet either, but asks deepcopy-gen for it: no warning, as deepcopy-gen
// may run after validation-gen in the same go generate.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Asked struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +k8s:maxLength=3
	Name string `json:"name"`
}
