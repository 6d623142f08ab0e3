// Package kubebuildersyntax has controller-gen markers that controller-tools' parser rejects,
// each reported at the character it stopped at.
package kubebuildersyntax

// Holder holds the fields.
type Holder struct {
	// +kubebuilder:validation:MaxLength=ten
	Name string `json:"name"`

	// +kubebuilder:validation:XValidation:rule="self > 0",mesage="typo"
	Count int32 `json:"count"`

	// +kubebuilder:validation:XValidation:message="no rule"
	Other int32 `json:"other"`
}
