// Package kubebuilderuniqueitems shows +kubebuilder:validation:UniqueItems=false (true is rejected: see errors/kubebuilder-uniqueitems).
package kubebuilderuniqueitems

// Holder holds the fields the markers are on.
type Holder struct {
	// Items may repeat.
	//
	// +kubebuilder:validation:UniqueItems=false
	// +listType=atomic
	Items []string `json:"items"`
}
