// Package kubebuilderexclusivemaximum shows +kubebuilder:validation:ExclusiveMaximum.
package kubebuilderexclusivemaximum

// Holder holds the fields the markers are on.
type Holder struct {
	// Fraction is below 1.
	//
	// +kubebuilder:validation:Maximum=1
	// +kubebuilder:validation:ExclusiveMaximum=true
	Fraction float64 `json:"fraction"`
}
