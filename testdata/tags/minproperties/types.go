// Package minproperties exercises +minProperties on maps and structs, named types and alias
// chains.
//
// +groupName=minproperties.example.com
package minproperties

// Labels is a named map type with a bound of its own.
//
// +minProperties=1
type Labels map[string]string

// TwoLabels adds a tighter bound to Labels: both accumulate and the tightest is published.
//
// +minProperties=2
type TwoLabels = Labels

// Settings is a struct whose values may be required to set some fields.
type Settings struct {
	Color string `json:"color,omitempty"`
	Size  string `json:"size,omitempty"`
}

// Object uses +minProperties in every place it may be written.
type Object struct {
	// Annotations has a minimum entry count on the field.
	// +minProperties=1
	Annotations map[string]string `json:"annotations"`

	// Labels takes its minimum (1) from the named type.
	Labels Labels `json:"labels"`

	// Selector has minimums 1 (Labels), 2 (TwoLabels) and 1 (the field): 2 is published.
	// +minProperties=1
	Selector TwoLabels `json:"selector"`

	// Settings is a struct: at least one of its fields must be set.
	// +minProperties=1
	Settings Settings `json:"settings"`

	// Palette takes its minimum from its struct type's declaration.
	// +optional
	Palette *Palette `json:"palette,omitempty"`
}

// Palette is a struct whose declaration requires one of its fields to be set.
//
// +minProperties=1
type Palette struct {
	Primary string `json:"primary,omitempty"`
	Accent  string `json:"accent,omitempty"`
}
