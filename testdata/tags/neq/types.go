// Package neq exercises +k8s:neq: a value that is not allowed.
//
// +k8s:validation-gen=*
package neq

// Spec has fields with a disallowed value.
type Spec struct {
	// +k8s:neq="default"
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:neq=0
	// +k8s:neq=7
	Port *int32 `json:"port,omitempty"`

	// +k8s:neq=true
	Flag bool `json:"flag"`

	// +k8s:optional
	Mode Mode `json:"mode,omitempty"`
}

// Mode must not be "none".
// +k8s:neq="none"
type Mode string
