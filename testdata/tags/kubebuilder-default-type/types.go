// Package kubebuilderdefaulttype shows +kubebuilder:default on a type: controller-gen reads the
// marker on fields only and ignores it on a type, so it is not applied here either (no default in
// the schema, none applied by the validators), with a warning at the marker. A field of the type
// with a default of its own has it; +default (JSON) on a type defaults every field of the type.
package kubebuilderdefaulttype

// Policy is a policy name; the marker below is not applied.
//
// +kubebuilder:default=Retain
type Policy string

// Mode is a mode; +default on a type defaults the fields of the type.
//
// +default="Fast"
type Mode string

// Policies holds fields of these types.
type Policies struct {
	// OnDelete has no default: the type's marker is not applied.
	//
	// +optional
	OnDelete Policy `json:"onDelete,omitempty"`

	// OnUpdate has a default of its own.
	//
	// +kubebuilder:default=Delete
	// +optional
	OnUpdate Policy `json:"onUpdate,omitempty"`

	// Mode takes its type's default.
	//
	// +optional
	Mode Mode `json:"mode,omitempty"`
}
