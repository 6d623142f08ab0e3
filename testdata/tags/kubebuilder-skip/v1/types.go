// Package v1 shows +kubebuilder:skip: the kind gets OpenAPI but no CRD.
//
// +groupName=skip.example.com
// +kubebuilder:skip
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
//
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size is a size.
	// +kubebuilder:validation:Minimum=1
	Size int32 `json:"size"`
}
