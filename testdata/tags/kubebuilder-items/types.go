// Package kubebuilderitems shows +kubebuilder:validation:items:... on a list.
package kubebuilderitems

import "k8s.io/apimachinery/pkg/util/intstr"

// Holder holds the fields the markers are on.
type Holder struct {
	// Hosts are each at most 63 characters and lower-case.
	//
	// +kubebuilder:validation:items:MaxLength=63
	// +kubebuilder:validation:items:Pattern=`^[a-z.]+$`
	// +kubebuilder:validation:MaxItems=4
	// +listType=atomic
	Hosts []string `json:"hosts"`

	// Ports are numbers or names: a marker without a value, for the items.
	//
	// +kubebuilder:validation:items:XIntOrString
	// +optional
	Ports []intstr.IntOrString `json:"ports,omitempty"`

	// Paths each start with '/': a rule for the items, with its arguments after the marker's name.
	//
	// +kubebuilder:validation:items:XValidation:rule="self.startsWith('/')",message="must be absolute"
	// +optional
	Paths []string `json:"paths,omitempty"`
}
