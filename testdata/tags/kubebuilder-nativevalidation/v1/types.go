// Package v1 shows --native-validation: the declarative validation of the k8s.io/api types a
// controller-gen project embeds (+enum, +default=ref(...), +k8s: tags), which controller-gen does
// not publish, is published and checked (Toleration's operator and effect are enums).
//
// +groupName=nativevalidation.example.com
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Pool is a kind.
//
// +kubebuilder:object:root=true
type Pool struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Tolerations of the members.
	// +optional
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`
}
