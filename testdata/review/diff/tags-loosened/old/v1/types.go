// Package v1 is a small API in validation-gen's own tag dialect.
//
// +groupName=review.example.com
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
	// +optional
	// +minimum=1
	// +maximum=50
	Replicas int32 `json:"replicas,omitempty"`

	// +optional
	// +maxLength=32
	Name string `json:"name,omitempty"`

	// +optional
	// +maxItems=8
	// +listType=set
	Hosts []string `json:"hosts,omitempty"`

	// +optional
	// +validationRule="self <= 1024",message="must be a port"
	Port int32 `json:"port,omitempty"`
}
