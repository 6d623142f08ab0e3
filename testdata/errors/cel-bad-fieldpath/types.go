// Package celbadfieldpath reports rule errors at fields that do not exist below self.
package celbadfieldpath

// Spec has a misspelt field path, one that goes below a string and one into list items.
//
// +validationRule=`self.min <= self.max`,field="maximum",message="max must not be below min"
// +validationRule=`self.name != ""`,field="name.first",message="name must be set"
// +validationRule=`self.steps.all(s, s > 0)`,field="steps[0]",message="steps must be positive"
type Spec struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`
	// +maxLength=63
	Name string `json:"name"`
	// +maxItems=8
	Steps []int32 `json:"steps"`
}
