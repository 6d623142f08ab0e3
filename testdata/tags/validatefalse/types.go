// Package validatefalse exercises +k8s:validateFalse, a test-only tag (the run needs --test-tags,
// see flags.txt): it always fails, as upstream's validate.FixedResult.
//
// +k8s:validation-gen=*
package validatefalse

// Spec has checks that always fail.
type Spec struct {
	// +k8s:validateFalse="field Spec.Name"
	Name string `json:"name"`

	// Count has two failing checks and a limit; the limit runs too.
	// +k8s:validateFalse="first"
	// +k8s:validateFalse="second"
	// +k8s:minimum=1
	Count int32 `json:"count"`

	// Stop short-circuits: its other checks never run.
	// +k8s:validateFalse(flags: "ShortCircuit")="stop"
	// +k8s:validateFalse="never"
	// +k8s:maxLength=1
	Stop string `json:"stop"`

	// Cohorts: a short-circuit in cohort c1 stops the rest of c1 only.
	// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="c1 stop"
	// +k8s:validateFalse(cohort: "c1")="c1 never"
	// +k8s:validateFalse(cohort: "c2")="c2 runs"
	Grouped string `json:"grouped"`

	// Inner's type fails too, below this field.
	Inner Inner `json:"inner"`

	// Opt is optional: when unset, nothing runs.
	// +k8s:optional
	// +k8s:validateFalse="field Spec.Opt"
	Opt *string `json:"opt,omitempty"`
}

// Inner fails at the type and short-circuits, so its field's check never runs.
//
// +k8s:validateFalse(flags: "ShortCircuit")="type Inner"
type Inner struct {
	// +k8s:validateFalse="field Inner.X"
	X string `json:"x"`
}
