// Package enumnoconstants has an enum type without constants, beside a list of values for
// controller-gen, as Envoy Gateway writes it. openapi-gen publishes no enum for such a type and
// controller-gen does not read the tag: a warning, and the tag is ignored (controller-gen's list
// is what is published).
package enumnoconstants

// Feature is an experimental feature that can be enabled.
// +enum
// +kubebuilder:validation:Enum=Alpha;Beta
type Feature string

// Settings lists features.
type Settings struct {
	// Features to enable.
	// +optional
	Features []Feature `json:"features,omitempty"`
}
