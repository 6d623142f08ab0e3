// Package kubebuildermultipleof shows +kubebuilder:validation:MultipleOf.
package kubebuildermultipleof

// Holder holds the fields the markers are on.
type Holder struct {
	// Step is a multiple of 5.
	//
	// +kubebuilder:validation:MultipleOf=5
	Step int32 `json:"step"`
}
