// Package minlength exercises +minLength on fields, named types and alias chains.
//
// +groupName=minlength.example.com
package minlength

// Word is a named type with a bound of its own.
//
// +minLength=1
type Word string

// LongWord adds a tighter bound to Word: both accumulate and the tightest is published.
//
// +minLength=4
type LongWord = Word

// Text uses +minLength in every place it may be written.
type Text struct {
	// Title has a minimum length on the field.
	// +minLength=3
	Title string `json:"title"`

	// Word takes its minimum length (1) from the named type.
	Word Word `json:"word"`

	// Long has minimum lengths 1 (Word), 4 (LongWord) and 2 (the field): 4 is published.
	// +minLength=2
	Long LongWord `json:"long"`

	// Code uses the +k8s: spelling on a pointer.
	// +k8s:minLength=6
	Code *string `json:"code,omitempty"`
}
