// Package validatorname declares names that the generated validators need: Code's validator is
// Validate_Code, and a root kind's package gets RegisterValidations.
//
// +k8s:validation-gen=*
package validatorname

// Code carries validation.
// +k8s:maxLength=3
type Code string

// Validate_Code is named like Code's generated validator.
type Validate_Code string

// Spec carries validation too.
type Spec struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}

// Validate_Spec is a hand-written function named like Spec's generated validator.
func Validate_Spec() {}
