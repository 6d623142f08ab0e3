// Package kubebuilderminimum shows +kubebuilder:validation:Minimum on a field and on a named type (limits accumulate).
package kubebuilderminimum

// Port is a port number.
//
// +kubebuilder:validation:Minimum=1
type Port int32

// Holder holds the fields the markers are on.
type Holder struct {
	// Listen is at least 1024 here and at least 1 by its type.
	//
	// +kubebuilder:validation:Minimum=1024
	Listen Port `json:"listen"`

	// Offset may be negative.
	//
	// +kubebuilder:validation:Minimum:=-5
	Offset int64 `json:"offset"`

	// Ratio is a number.
	//
	// +kubebuilder:validation:Minimum=0.5
	Ratio float64 `json:"ratio"`
}
