// Package kubebuilderminlength shows +kubebuilder:validation:MinLength.
package kubebuilderminlength

// Name is not empty.
//
// +kubebuilder:validation:MinLength=1
type Name string

// Holder holds the fields the markers are on.
type Holder struct {
	// Name is set.
	Name Name `json:"name"`

	// Code has at least 3 characters.
	//
	// +kubebuilder:validation:MinLength=3
	Code string `json:"code"`
}
