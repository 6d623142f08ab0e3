// Package stripzero shows where x-kubernetes-strip-zero is published: on non-pointer scalars,
// slices and maps, whose zero value means unset; not on pointers, structs or free-form values.
//
// +groupName=stripzero.example.com
package stripzero

// Name is a named string: still a scalar.
type Name string

// Values has one field of each shape.
type Values struct {
	String string            `json:"string"`
	Int    int32             `json:"int"`
	Float  float64           `json:"float"`
	Bool   bool              `json:"bool"`
	Named  Name              `json:"named"`
	Slice  []string          `json:"slice"`
	Map    map[string]string `json:"map"`
	Bytes  []byte            `json:"bytes"`

	StringPtr *string `json:"stringPtr,omitempty"`
	IntPtr    *int32  `json:"intPtr,omitempty"`
	Struct    Inner   `json:"struct"`
	StructPtr *Inner  `json:"structPtr,omitempty"`
	Any       any     `json:"any,omitempty"`
}

// Inner is a struct.
type Inner struct {
	// +optional
	Value string `json:"value,omitempty"`
}
