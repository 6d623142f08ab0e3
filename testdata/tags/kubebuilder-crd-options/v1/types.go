// Package v1 is version v1 of the group: controller-gen's generator options (flags.txt) and its
// skip markers across packages (v1's Widget is +kubebuilder:skipversion, v3 is +kubebuilder:skip,
// Gadget is skipped in every version and gets no CRD).
//
// +groupName=options.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/validation-gen/validation-gen/testdata/tags/kubebuilder-crd-options/shared"
)

// Widget is a kind whose description is long enough for crd:maxDescLen to cut it at a blank.
//
// +kubebuilder:object:root=true
// +kubebuilder:skipversion
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Ref is what the widget refers to.
	Ref shared.Ref `json:"ref"`

	// Ratio is a float, which controller-gen takes only with crd:allowDangerousTypes.
	// +optional
	Ratio float64 `json:"ratio,omitempty"`

	// Template is a template with its own object metadata, described field by field with
	// crd:generateEmbeddedObjectMeta.
	// +optional
	Template Template `json:"template,omitempty"`
}

// Template has object metadata.
type Template struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Gadget is skipped in every version: it gets no CRD.
//
// +kubebuilder:object:root=true
// +kubebuilder:skipversion
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
