// Package kubebuilderpattern shows +kubebuilder:validation:Pattern, back-quoted and quoted.
package kubebuilderpattern

// Label is a lower-case word.
//
// +kubebuilder:validation:Pattern=`^[a-z]+$`
type Label string

// Holder holds the fields the markers are on.
type Holder struct {
	// Label is checked by its type.
	Label Label `json:"label"`

	// Path starts with a slash.
	//
	// +kubebuilder:validation:Pattern="^/"
	Path string `json:"path"`
}
