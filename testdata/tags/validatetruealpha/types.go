// Package validatetruealpha exercises +k8s:validateTrueAlpha, a test-only tag (the run needs --test-tags,
// see flags.txt): it always passes, so it only makes a type carry a validator.
//
// +k8s:validation-gen=*
package validatetruealpha

// Spec gets a validator that never reports anything.
type Spec struct {
	// +k8s:validateTrueAlpha="field Spec.Name"
	Name string `json:"name"`

	// +k8s:validateTrueAlpha(typeArg: "int")="with an argument"
	Count int `json:"count"`
}

// Other is checked at the type.
//
// +k8s:validateTrueAlpha="type Other"
type Other struct {
	X string `json:"x"`
}
