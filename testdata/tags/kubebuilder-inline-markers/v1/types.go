// Package v1 writes controller-gen's schema markers on inline embedded fields. controller-gen
// applies a field's markers to the field's schema and flattens an inline field's schema into its
// holder's, so they describe the holder: a Manifest that embeds runtime.RawExtension is an embedded
// resource whose unknown fields are kept, and a Selector that embeds its terms has their rule.
// The CRD is controller-gen's for the same input.
//
// +groupName=inline.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

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
	// Manifests are resources.
	// +optional
	Manifests []Manifest `json:"manifests,omitempty"`

	// Selector selects.
	// +optional
	Selector *Selector `json:"selector,omitempty"`
}

// Manifest is a resource.
type Manifest struct {
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	runtime.RawExtension `json:",inline"`
}

// Selector embeds its terms.
type Selector struct {
	// +kubebuilder:validation:XValidation:rule="!has(self.name) || !has(self.prefix)",message="name and prefix are exclusive"
	Terms `json:",inline"`
}

// Terms are the ways to select.
type Terms struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Prefix string `json:"prefix,omitempty"`
}
