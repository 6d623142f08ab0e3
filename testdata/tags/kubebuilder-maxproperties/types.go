// Package kubebuildermaxproperties shows +kubebuilder:validation:MaxProperties.
package kubebuildermaxproperties

// Holder holds the fields the markers are on.
type Holder struct {
	// Labels has at most 8 entries.
	//
	// +kubebuilder:validation:MaxProperties=8
	Labels map[string]string `json:"labels"`
}
