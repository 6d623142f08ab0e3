// Package v1 is an API package whose kind holds a type of a package that is none (../util): the
// validators of util.Path are declared here, where the kind reaches it.
//
// +groupName=nonapireached.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/validation-gen/validation-gen/testdata/tags/kubebuilder-nonapireached/util"
)

// Route is a kind.
//
// +kubebuilder:object:root=true
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Location is where the route applies.
	// +kubebuilder:validation:MaxLength=64
	Name string `json:"name"`

	// Path is required, and so are its segments.
	Path util.Path `json:"path"`
}
