// Package v1 exercises +nameFormat on the metadata of a root kind. CRD generation needs a
// version package, hence the v1/ subfolder.
//
// +groupName=nameformat.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget's name and generateName must be DNS-1035 labels: a format API servers do not know,
// so the rules use its pattern.
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	// +nameFormat=dns1035label
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec is the desired state of a Gadget.
type GadgetSpec struct {
	// +optional
	Size int32 `json:"size,omitempty"`
}

// Gizmo's name must be a DNS-1123 subdomain, a format 1.37 knows but that the rules spell as
// its pattern all the same.
type Gizmo struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	// +nameFormat=dns1123subdomain
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
