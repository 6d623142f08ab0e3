// Package kubebuilderrepeatedoperands has rules whose compiled Go would repeat an operand of an
// && or || chain, which go vet reports: a rule that says the same thing twice, and fields
// promoted through one embedded pointer, whose nil check each field's presence repeats.
package kubebuilderrepeatedoperands

// Holder holds the fields the rules are on.
//
// +kubebuilder:validation:XValidation:rule="has(self.x) && has(self.x)",message="x is required"
// +kubebuilder:validation:XValidation:rule="self.n == 1 || self.n == 1",message="n must be 1"
// +kubebuilder:validation:XValidation:rule="has(self.a) == has(self.b) && (!has(self.a) || has(self.a) && has(self.b))",message="a and b go together"
type Holder struct {
	// +optional
	X     *string `json:"x,omitempty"`
	N     int32   `json:"n"`
	*Pair `json:",inline"`
}

// Pair is promoted into Holder through a pointer.
type Pair struct {
	// +optional
	A *string `json:"a,omitempty"`
	// +optional
	B *string `json:"b,omitempty"`
}
