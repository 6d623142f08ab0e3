// Package structtype exercises +structType: atomic and granular structs, on fields and types.
//
// +groupName=structtype.example.com
package structtype

// Reference is replaced as a whole wherever it is used.
//
// +structType=atomic
type Reference struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// Settings is an ordinary struct.
type Settings struct {
	Color string `json:"color,omitempty"`
}

// Object shows +structType on the type and on fields.
type Object struct {
	// Target takes atomic from the type.
	Target Reference `json:"target"`

	// Settings is atomic at this field only.
	// +structType=atomic
	Settings Settings `json:"settings"`

	// Other is granular at this field.
	// +structType=granular
	Other *Settings `json:"other,omitempty"`
}
