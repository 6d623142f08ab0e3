// Package kubebuilderxpreserveunknownfields shows +kubebuilder:validation:XPreserveUnknownFields and +kubebuilder:pruning:PreserveUnknownFields.
package kubebuilderxpreserveunknownfields

// Config keeps unknown fields.
//
// +kubebuilder:pruning:PreserveUnknownFields
type Config struct {
	Name string `json:"name"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Config is kept whole.
	Config Config `json:"config"`

	// Extra is kept whole too.
	//
	// +kubebuilder:validation:XPreserveUnknownFields
	Extra Config `json:"extra"`
}
