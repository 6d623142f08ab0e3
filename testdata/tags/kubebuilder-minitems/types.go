// Package kubebuilderminitems shows +kubebuilder:validation:MinItems.
package kubebuilderminitems

// Holder holds the fields the markers are on.
type Holder struct {
	// Rules has at least one item.
	//
	// +kubebuilder:validation:MinItems=1
	// +listType=atomic
	Rules []string `json:"rules"`
}
