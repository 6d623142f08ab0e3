// Package opaquetype exercises +k8s:opaqueType: a field that does not run its type's validation.
//
// +k8s:validation-gen=*
package opaquetype

// Spec holds Inner twice.
type Spec struct {
	// Checked runs Inner's validation.
	Checked Inner `json:"checked"`

	// Opaque does not, but its own subfield check runs.
	// +k8s:opaqueType
	// +k8s:subfield(name)=+k8s:minLength=2
	Opaque Inner `json:"opaque"`
}

// Inner has a limit of its own.
type Inner struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}
