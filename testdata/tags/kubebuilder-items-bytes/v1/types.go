// Package v1 shows +kubebuilder:validation:items:MaxLength on a list of []byte, whose items JSON
// spells as base64 strings: controller-gen publishes the limit on those strings, and the API
// server checks the length of the base64 text, as the generated validators do (a limit on a
// []byte field the same way).
//
// +groupName=bytes.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Bundle is a root kind.
//
// +kubebuilder:object:root=true
type Bundle struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds binary values.
type Spec struct {
	// Certs are at most 8 characters each in base64 (6 bytes).
	// +kubebuilder:validation:items:MaxLength=8
	// +kubebuilder:validation:items:MinLength=4
	// +optional
	Certs [][]byte `json:"certs,omitempty"`

	// Key is at most 8 characters in base64 (6 bytes).
	// +kubebuilder:validation:MaxLength=8
	// +optional
	Key []byte `json:"key,omitempty"`
}
