// Package kubebuildermaxitems shows +kubebuilder:validation:MaxItems.
package kubebuildermaxitems

// Holder holds the fields the markers are on.
type Holder struct {
	// Hosts has at most 16 items.
	//
	// +kubebuilder:validation:MaxItems=16
	// +listType=atomic
	Hosts []string `json:"hosts"`
}
