// Package nullable shows +nullable, which is read in the kubebuilder dialect (the package has +kubebuilder: markers).
package nullable

// Holder holds the fields the markers are on.
type Holder struct {
	// Parent may be null.
	//
	// +nullable
	// +kubebuilder:validation:Optional
	Parent *string `json:"parent,omitempty"`
}
