// Package enumcontrollergen is written for controller-gen (it carries its markers) and has a
// type with openapi-gen's +enum and typed constants, as Kueue's v1beta1 writes it: controller-gen
// does not read +enum, so the schema has no enum and the validators check none, with a warning
// at the tag. +kubebuilder:validation:Enum is the marker that lists the values.
package enumcontrollergen

// State is a state.
//
// +enum
type State string

const (
	// Pending is the first state.
	Pending State = "Pending"
	// Ready is the last.
	Ready State = "Ready"
)

// Phase is listed with controller-gen's marker.
//
// +kubebuilder:validation:Enum=Started;Done
type Phase string

// Status holds the states.
type Status struct {
	// +optional
	State State `json:"state,omitempty"`
	// +optional
	Phase Phase `json:"phase,omitempty"`
}
