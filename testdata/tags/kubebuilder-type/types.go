// Package kubebuildertype shows +kubebuilder:validation:Type.
package kubebuildertype

// Holder holds the fields the markers are on.
type Holder struct {
	// Raw is published as a string.
	//
	// +kubebuilder:validation:Type=string
	Raw string `json:"raw"`
}
