// Package v1 writes +kubebuilder:validation:Format on values that are no strings: a list of
// strings (where the items were meant), a struct and a boolean. controller-gen publishes the
// format there without a word; the API server checks formats on strings only, so it checks
// nothing. Here the CRD is controller-gen's, generated validators check nothing either, and each
// is a warning. The CRD is controller-gen's for the same input.
//
// +groupName=formatinert.example.com
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
	// Prefixes are CIDRs, but the format is on the list.
	//
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:Format="cidr"
	Prefixes []string `json:"prefixes,omitempty"`

	// Peers have the format on the list, and on its items too.
	//
	// +kubebuilder:validation:Format=ipv4
	// +kubebuilder:validation:items:Format=ipv4
	Peers []string `json:"peers,omitempty"`

	// Endpoint is a struct with a format.
	//
	// +kubebuilder:validation:Format=uri
	// +optional
	Endpoint Endpoint `json:"endpoint,omitempty"`

	// Enabled is a boolean with a format.
	//
	// +kubebuilder:validation:Format=byte
	// +optional
	Enabled bool `json:"enabled,omitempty"`
}

// Endpoint is an address.
type Endpoint struct {
	// Host is a host name.
	Host string `json:"host"`
}
