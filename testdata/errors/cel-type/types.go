// Package celtype has rules that parse but do not type-check: an int compared with a string, and
// a rule whose result is not a bool.
package celtype

// Spec holds replicas.
//
// +validationRule=`self.replicas == '3'`,message="replicas must be 3"
// +validationRule=`self.replicas + 1`,message="replicas plus one"
type Spec struct {
	Replicas int32 `json:"replicas"`
}
