package exclusiveminimumwithoutminimum

// Spec has exclusive flags without the bound they qualify.
type Spec struct {
	// +exclusiveMinimum
	Count int32 `json:"count"`

	// +maximum=10
	// +exclusiveMaximum
	// +exclusiveMinimum
	Size int32 `json:"size"`

	// +exclusiveMaximum
	Ratio float64 `json:"ratio"`
}
