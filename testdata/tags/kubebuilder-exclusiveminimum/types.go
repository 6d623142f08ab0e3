// Package kubebuilderexclusiveminimum shows +kubebuilder:validation:ExclusiveMinimum.
package kubebuilderexclusiveminimum

// Holder holds the fields the markers are on.
type Holder struct {
	// Weight is greater than 0.
	//
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	Weight int32 `json:"weight"`

	// Other is at least 0: false changes nothing.
	//
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=false
	Other int32 `json:"other"`
}
