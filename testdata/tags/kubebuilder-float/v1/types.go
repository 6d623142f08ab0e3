// Package v1 has a float in a kind written for controller-gen, which refuses it unless run with
// crd:allowDangerousTypes=true: a warning here (--crd-options allowDangerousTypes=true silences
// it), and the CRD says type: number, as controller-gen's does with the option.
//
// +groupName=float.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Meter is a kind.
//
// +kubebuilder:object:root=true
type Meter struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Reading is a float.
	// +optional
	Reading float32 `json:"reading,omitempty"`
}
