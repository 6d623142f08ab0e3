// Package v1 marks fields both optional and required, which controller-gen accepts and settles
// by spelling, first present wins: +kubebuilder:validation:Optional, +kubebuilder:validation:Required,
// then the plain spellings, optional before required. Where a +kubebuilder:validation: marker is
// one of the two, the field is what controller-gen makes it, with a warning (k8s.io/api's
// PortStatus.Error is marked both ways). The CRD is controller-gen's for the same input.
//
// +groupName=presence.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
//
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// Error is required: the marker wins over +optional, in either order.
	//
	// +optional
	// +kubebuilder:validation:Required
	Error *string `json:"error,omitempty"`

	// Reason is required too.
	//
	// +kubebuilder:validation:Required
	// +optional
	Reason string `json:"reason,omitempty"`

	// Note is optional: +kubebuilder:validation:Optional wins over +required.
	//
	// +required
	// +kubebuilder:validation:Optional
	Note string `json:"note"`

	// Hint is optional: +kubebuilder:validation:Optional wins over its Required.
	//
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Optional
	Hint string `json:"hint"`
}
