// Package kubebuilderrequired shows +kubebuilder:validation:Required.
package kubebuilderrequired

// Holder holds the fields the markers are on.
type Holder struct {
	// Name is required although omitempty.
	//
	// +kubebuilder:validation:Required
	Name string `json:"name,omitempty"`
}
