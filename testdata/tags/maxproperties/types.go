// Package maxproperties exercises +maxProperties on maps and structs, named types and alias
// chains.
//
// +groupName=maxproperties.example.com
package maxproperties

// Labels is a named map type with a bound of its own.
//
// +maxProperties=64
type Labels map[string]string

// FewLabels adds a tighter bound to Labels: both accumulate and the tightest is published.
//
// +maxProperties=8
type FewLabels = Labels

// Choice is a struct of which at most one field may be set.
type Choice struct {
	A *string `json:"a,omitempty"`
	B *string `json:"b,omitempty"`
}

// Object uses +maxProperties in every place it may be written.
type Object struct {
	// Annotations has a maximum entry count on the field.
	// +maxProperties=32
	Annotations map[string]string `json:"annotations"`

	// Labels takes its maximum (64) from the named type.
	Labels Labels `json:"labels"`

	// Selector has maximums 64 (Labels), 8 (FewLabels) and 16 (the field): 8 is published.
	// +maxProperties=16
	Selector FewLabels `json:"selector"`

	// Choice is a struct: at most one of its fields may be set.
	// +maxProperties=1
	Choice Choice `json:"choice"`
}
