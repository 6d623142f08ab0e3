// Package valuetypes shows the validators of named list, map and scalar types in a package written
// for Kubernetes' validation-gen: each that carries validation gets a Validate_T, as upstream
// writes one, map keys are checked by their named type, and types that reach themselves through
// other types are validated wherever a check is reached.
//
// +k8s:validation-gen=*
package valuetypes

// Code is at most three characters long.
// +k8s:maxLength=3
type Code string

// Codes holds at most two codes.
// +k8s:maxItems=2
type Codes []Code

// ByCode is keyed by codes: its keys are checked by Code's validations.
type ByCode map[Code]int32

// Plain has no validation and no validator.
type Plain []string

// A reaches itself through B, and a check through C: B carries validation as well, though A's
// search reaches B before it has found C.
type A struct {
	B B `json:"b"`
	C C `json:"c"`
}

// B holds As.
type B struct {
	As []A `json:"as,omitempty"`
}

// C has the check.
type C struct {
	Code Code `json:"code"`
}

// Hidden has an unexported field with a tag: Kubernetes' validation-gen skips it (encoding/json
// never writes it), and so does this package's generation, with a warning.
type Hidden struct {
	// +k8s:maxLength=1
	hidden string

	Code Code `json:"code"`
}
