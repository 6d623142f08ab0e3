// Package v1 has a kind whose status holds other.Failure values; its validators declare
// other.Failure's and compare old and new failures without naming other's unexported types.
//
// +groupName=unexportedscalar.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/validation-gen/validation-gen/testdata/tags/unexported-scalar/other"
)

// Connection is a kind.
//
// +kubebuilder:object:root=true
type Connection struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Status ConnectionStatus `json:"status,omitempty"`
}

// ConnectionStatus holds the failures.
type ConnectionStatus struct {
	// +optional
	// +listType=atomic
	Failures []other.Failure `json:"failures,omitempty"`
}
