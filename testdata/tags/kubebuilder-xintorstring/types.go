// Package kubebuilderxintorstring shows +kubebuilder:validation:XIntOrString.
package kubebuilderxintorstring

// Holder holds the fields the markers are on.
type Holder struct {
	// Port is a number or a name; the Go value is a string here.
	//
	// +kubebuilder:validation:XIntOrString
	// +optional
	Port *string `json:"port,omitempty"`
}
