// Package v1 is a small API in controller-gen's +kubebuilder: dialect.
//
// +groupName=review.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is the desired state of a widget.
type WidgetSpec struct {
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=50
	Replicas int32 `json:"replicas,omitempty"`

	// +optional
	// +kubebuilder:validation:MaxLength=32
	Name string `json:"name,omitempty"`

	// +optional
	// +kubebuilder:validation:MaxItems=8
	// +listType=set
	Hosts []string `json:"hosts,omitempty"`

	// +optional
	// +kubebuilder:validation:XValidation:rule="self <= 1024",message="must be a port"
	Port int32 `json:"port,omitempty"`
}
