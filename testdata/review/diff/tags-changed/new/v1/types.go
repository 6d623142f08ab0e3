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
	// +pattern=`^[a-z0-9]+$`
	Name string `json:"name,omitempty"`

	// +optional
	// +validationRule="self % 4 == 0",message="must be even"
	Port int32 `json:"port,omitempty"`

	// +optional
	// +immutable
	Class string `json:"class,omitempty"`
}
