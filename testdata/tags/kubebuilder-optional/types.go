// Package kubebuilderoptional shows +kubebuilder:validation:Optional.
package kubebuilderoptional

// Holder holds the fields the markers are on.
type Holder struct {
	// Name is optional without omitempty.
	//
	// +kubebuilder:validation:Optional
	Name string `json:"name"`
}
