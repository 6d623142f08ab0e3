// Package validatetruebeta exercises +k8s:validateTrueBeta, a test-only tag (the run needs --test-tags,
// see flags.txt): it always passes, so it only makes a type carry a validator.
//
// +k8s:validation-gen=*
package validatetruebeta

// Spec gets a validator that never reports anything.
type Spec struct {
	// +k8s:validateTrueBeta="field Spec.Name"
	Name string `json:"name"`

	// +k8s:validateTrueBeta(typeArg: "int")="with an argument"
	Count int `json:"count"`
}

// Other is checked at the type.
//
// +k8s:validateTrueBeta="type Other"
type Other struct {
	X string `json:"x"`
}
