// Package v1 is a controller-gen package whose kind has no DeepCopyObject yet, but asks
// controller-gen object for it (+kubebuilder:object:root): no warning, as that generator may run
// after validation-gen in the same go generate.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +kubebuilder:validation:MaxLength=3
	Name string `json:"name"`
}
