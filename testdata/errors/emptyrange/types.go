package emptyrange

// Spec has ranges no value fits.
type Spec struct {
	// +minimum=5
	// +exclusiveMinimum
	// +maximum=5
	Replicas int32 `json:"replicas"`

	// +minimum=1
	// +maximum=1
	// +exclusiveMaximum
	Ratio float64 `json:"ratio"`

	// +minimum=1
	// +maximum=1
	One int32 `json:"one"`
}
