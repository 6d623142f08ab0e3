// Package maxlength exercises +maxLength on fields, named types and alias chains.
//
// +groupName=maxlength.example.com
package maxlength

// Name is a named type with a bound of its own.
//
// +maxLength=63
type Name string

// ShortName adds a tighter bound to Name: both accumulate and the tightest is published.
//
// +maxLength=15
type ShortName = Name

// Labels uses +maxLength in every place it may be written.
type Labels struct {
	// Description has a maximum length on the field.
	// +maxLength=1024
	Description string `json:"description"`

	// Name takes its maximum length (63) from the named type.
	Name Name `json:"name"`

	// Short has maximum lengths 63 (Name), 15 (ShortName) and 20 (the field): 15 is published.
	// +maxLength=20
	Short ShortName `json:"short"`

	// Code uses the +k8s: spelling on a pointer.
	// +k8s:maxLength=8
	Code *string `json:"code,omitempty"`
}
