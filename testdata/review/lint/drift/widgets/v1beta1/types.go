// Package v1beta1 is the older version of a small API whose versions drift.
//
// +groupName=lint.example.com
package v1beta1

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
	// +maximum=100
	Replicas int32 `json:"replicas,omitempty"`

	// Size is called capacity in v1.
	// +optional
	// +maxLength=8
	Size string `json:"size,omitempty"`

	// +optional
	// +maxLength=64
	Name string `json:"name,omitempty"`

	// +optional
	// +validationRule="self.startsWith('w-')",message="must start with w-"
	Label string `json:"label,omitempty"`

	// +optional
	// +pattern=`^[a-z]+$`
	Zone string `json:"zone,omitempty"`
}
