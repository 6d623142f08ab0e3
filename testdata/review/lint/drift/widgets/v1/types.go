// Package v1 is the newer version of a small API whose versions drift.
//
// +groupName=lint.example.com
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
	// +maximum=50
	Replicas int32 `json:"replicas,omitempty"`

	// Capacity was size in v1beta1.
	// +optional
	// +maxLength=8
	Capacity string `json:"capacity,omitempty"`

	// +optional
	// +maxLength=32
	Name string `json:"name,omitempty"`

	// +optional
	// +validationRule="self.startsWith('w-')",message="must begin with w-"
	Label string `json:"label,omitempty"`

	// +optional
	// +pattern=`^[a-z0-9]+$`
	Zone string `json:"zone,omitempty"`
}
