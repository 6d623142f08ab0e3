// Package kubebuildertypemismatch overrides schema types with ones no value could have: the Go
// value's JSON is what encoding/json writes for its Go type (it has no MarshalJSON of its own), or
// an array schema would have no items, which the API server refuses.
package kubebuildertypemismatch

import "encoding/json"

// Holder holds the fields.
type Holder struct {
	// +kubebuilder:validation:Type=array
	Names string `json:"names"`

	// +kubebuilder:validation:Type=integer
	Pair Pair `json:"pair"`

	// +kubebuilder:validation:Type=array
	Custom Custom `json:"custom"`

	// A number schema for an integer is fine: every integer is a number.
	// +kubebuilder:validation:Type=number
	Count int32 `json:"count"`
}

// Pair has no MarshalJSON: its JSON is an object.
type Pair struct {
	A string `json:"a"`
}

// Custom marshals itself, as what the schema cannot know.
type Custom struct{}

// MarshalJSON writes a list.
func (Custom) MarshalJSON() ([]byte, error) { return json.Marshal([]string{"x"}) }

// Free holds JSON lists without a schema.
type Free struct {
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=array
	Lists []Pair `json:"lists"`
}
