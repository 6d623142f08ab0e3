// Package v1 limits the string form of resource.Quantity fields, as Envoy Gateway does (a pattern
// on a buffer size). A Quantity is always a string in JSON, its canonical form, which the
// generated validators check; the API server checks the string as sent, which may be another
// spelling of the same quantity (1024Mi for 1Gi): a warning says so at each such tag.
//
// +groupName=quantity.example.com
package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Buffer is a kind.
//
// +kubebuilder:object:root=true
type Buffer struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec BufferSpec `json:"spec"`
}

// BufferSpec is the desired state.
type BufferSpec struct {
	// Size is a whole number of mebibytes or gibibytes.
	//
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^[0-9]+[MG]i$`
	Size resource.Quantity `json:"size"`

	// Limit is short, when set.
	//
	// +optional
	// +kubebuilder:validation:MaxLength=4
	Limit *resource.Quantity `json:"limit,omitempty"`

	// Sizes are quantities, limited through items: markers.
	//
	// +optional
	// +kubebuilder:validation:items:XIntOrString
	// +kubebuilder:validation:items:MaxLength=5
	Sizes []resource.Quantity `json:"sizes,omitempty"`
}
