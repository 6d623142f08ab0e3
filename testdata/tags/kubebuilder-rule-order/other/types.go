// Package other declares a type with rules that another package's field uses.
package other

// Modifier has rules of its own.
//
// +kubebuilder:validation:XValidation:message="a is set for type A",rule="self.type == 'A' ? has(self.a) : true"
// +kubebuilder:validation:XValidation:message="type is A when a is set",rule="has(self.a) ? self.type == 'A' : true"
type Modifier struct {
	Type string `json:"type"`
	// +optional
	A *string `json:"a,omitempty"`
}
