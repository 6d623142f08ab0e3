// Package v1 shows controller-gen's reading of `type A B`: A's schema starts from B's markers,
// also when B is in another package, and whether or not that package is an input of the run.
//
// +groupName=typebase.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// HeaderName is the name of a header.
//
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=256
// +kubebuilder:validation:Pattern=`^[A-Za-z0-9-]+$`
type HeaderName string

// HTTPHeaderName is a HeaderName: it has HeaderName's markers.
type HTTPHeaderName HeaderName

// Header is a header to set.
type Header struct {
	// Name of the header.
	Name HTTPHeaderName `json:"name"`
}

// Filter is a kind.
//
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Filter struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Headers to set.
	// +optional
	Headers []Header `json:"headers,omitempty"`
}
