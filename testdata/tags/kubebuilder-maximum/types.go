// Package kubebuildermaximum shows +kubebuilder:validation:Maximum on a field and on a named type.
package kubebuildermaximum

// Port is a port number.
//
// +kubebuilder:validation:Maximum=65535
type Port int32

// Holder holds the fields the markers are on.
type Holder struct {
	// Listen is at most 8080.
	//
	// +kubebuilder:validation:Maximum=8080
	Listen Port `json:"listen"`
}
