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

// Named has a limit of its own.
// +k8s:maxLength=3
type Named string

// Fields holds values of Named, and a struct whose type is opaque.
type Fields struct {
	// Checked runs Named's limit and its own.
	// +k8s:minLength=1
	Checked Named `json:"checked"`

	// Opaque runs only its own limit.
	// +k8s:opaqueType
	// +k8s:minLength=1
	Opaque Named `json:"opaque"`

	// OpaquePtr runs nothing.
	// +k8s:optional
	// +k8s:opaqueType
	OpaquePtr *Named `json:"opaquePtr,omitempty"`

	Sealed Sealed `json:"sealed"`
}

// Sealed's own subfield check runs; what its fields declare does not.
// +k8s:opaqueType
// +k8s:subfield(name)=+k8s:minLength=2
type Sealed struct {
	// +k8s:maxLength=5
	Name string `json:"name"`
}
