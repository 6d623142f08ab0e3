// Package kubebuilderformat shows +kubebuilder:validation:Format.
package kubebuilderformat

// Holder holds the fields the markers are on.
type Holder struct {
	// When is a timestamp.
	//
	// +kubebuilder:validation:Format=date-time
	When string `json:"when"`
}
