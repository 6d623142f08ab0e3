// Package v1 is a small API in Kubernetes' +k8s: dialect (a native type).
//
// +groupName=review.example.com
// +k8s:validation-gen=TypesWithField=TypeMeta
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is the desired state of a widget.
type WidgetSpec struct {
	// +k8s:optional
	// +k8s:maximum=100
	Replicas *int32 `json:"replicas,omitempty"`

	// +k8s:optional
	// +k8s:beta=+k8s:maxLength=64
	Name *string `json:"name,omitempty"`

	// +k8s:optional
	// +featureGate=Zones
	// +k8s:maxLength=8
	Zone *string `json:"zone,omitempty"`

	// +k8s:required
	// +featureGate=Colors
	Color *string `json:"color,omitempty"`
}
