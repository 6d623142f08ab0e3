// Package celescapeunnamable has fields whose JSON names no CEL rule can name, not even escaped
// (a leading digit, a ':' or a space): the +k8s: checks that the schema would publish as rules of
// the struct are checked by the Go validators only, and each is a warning, not a silent drop.
//
// +k8s:validation-gen=*
package celescapeunnamable

// Spec has such fields.
type Spec struct {
	// +k8s:forbidden
	First *string `json:"1st,omitempty"`

	// +k8s:optional
	// +k8s:update=NoModify
	Scoped string `json:"a:b,omitempty"`

	// +k8s:optional
	// +k8s:dependentRequired("with space")
	Trigger *string `json:"trigger,omitempty"`

	// +k8s:optional
	Spaced *string `json:"with space,omitempty"`

	// A subfield's bound is published; a length is Go's only, so it is not reported.
	// +k8s:optional
	// +k8s:subfield("9lives")=+k8s:maximum=9
	// +k8s:subfield("2nd")=+k8s:maxLength=3
	Inner *Inner `json:"inner,omitempty"`
}

// Inner has fields whose names start with a digit.
type Inner struct {
	// +k8s:optional
	Lives int32 `json:"9lives,omitempty"`

	// +k8s:optional
	Second string `json:"2nd,omitempty"`
}
