// Package v1 is an API package of a controller-gen project whose API directory also holds a
// package that is none (../fakes, a test fake as counterfeiter writes them): controller-gen ignores
// it, and so does validation-gen, which defines its types only where kinds reach them.
//
// +groupName=nonapipackage.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
//
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size of the widget.
	// +kubebuilder:validation:Minimum=1
	Size int32 `json:"size"`
}
