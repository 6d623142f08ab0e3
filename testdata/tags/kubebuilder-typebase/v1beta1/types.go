// Package v1beta1 uses v1's names: an alias of a type written as `type A B`, and a type of its
// own written in terms of v1's. Run alone (as go generate runs one directive per package), it
// must publish what a run over both packages publishes for it.
//
// +groupName=typebase.example.com
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "github.com/validation-gen/validation-gen/testdata/tags/kubebuilder-typebase/v1"
)

// HTTPHeaderName is v1's.
type HTTPHeaderName = v1.HTTPHeaderName

// QueryName is written in terms of v1's HeaderName: it has its markers.
type QueryName v1.HeaderName

// Header is a header to set.
type Header struct {
	// Name of the header.
	Name HTTPHeaderName `json:"name"`
	// Query names the header after a query parameter.
	// +optional
	Query QueryName `json:"query,omitempty"`
}

// Filter is a kind.
//
// +kubebuilder:object:root=true
type Filter struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Headers to set.
	// +optional
	Headers []Header `json:"headers,omitempty"`
}
