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

// WidgetSpec is the desired state. Its fields are optional, as the package says.
type WidgetSpec struct {
	Name string `json:"name"`
	// +kubebuilder:validation:Required
	Size int32 `json:"size"`
}
