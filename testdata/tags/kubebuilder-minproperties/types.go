// Package kubebuilderminproperties shows +kubebuilder:validation:MinProperties.
package kubebuilderminproperties

// Holder holds the fields the markers are on.
type Holder struct {
	// Labels has at least one entry.
	//
	// +kubebuilder:validation:MinProperties=1
	Labels map[string]string `json:"labels"`
}
