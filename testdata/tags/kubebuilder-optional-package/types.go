// Package kubebuilderoptionalpackage shows +kubebuilder:validation:Optional on a package: its
// fields are optional unless marked required, omitempty or not.
//
// +kubebuilder:validation:Optional
package kubebuilderoptionalpackage

// Holder holds the fields.
type Holder struct {
	// Name is optional although it has no omitempty.
	Name string `json:"name"`

	// Size is required.
	//
	// +kubebuilder:validation:Required
	Size int32 `json:"size"`

	// Mode is required.
	//
	// +required
	Mode string `json:"mode"`
}
