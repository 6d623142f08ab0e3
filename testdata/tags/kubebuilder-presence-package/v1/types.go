// Package v1 says both +kubebuilder:validation:Optional and +kubebuilder:validation:Required on
// the package, which controller-gen accepts: Optional wins, so fields without omitempty are
// optional unless marked required. A warning here. The CRD is controller-gen's for the same input.
//
// +groupName=presencepackage.example.com
// +kubebuilder:validation:Optional
// +kubebuilder:validation:Required
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
	// Name is optional: no omitempty, but the package's default is optional.
	Name string `json:"name"`

	// Size is required.
	//
	// +required
	Size int32 `json:"size"`
}
