// Package kubebuildercel has XValidation rules that do not compile: CEL errors point inside
// the marker's rule.
package kubebuildercel

// Holder holds the fields.
type Holder struct {
	// +kubebuilder:validation:XValidation:rule="self.lenght() > 0",message="not empty"
	Name string `json:"name"`

	// +kubebuilder:validation:XValidation:rule="self.min <= self.maxx"
	Range Range `json:"range"`
}

// Range is a range.
type Range struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`
}
