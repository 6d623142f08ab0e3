// Package celsyntax has a rule that does not parse: the error points at the column inside it.
package celsyntax

// Spec has a rule with an unbalanced parenthesis.
type Spec struct {
	// +validationRule=`(self.min <= self.max`,message="min must not exceed max"
	Range Range `json:"range"`
}

// Range is a pair of bounds.
type Range struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`
}
