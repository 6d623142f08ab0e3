// Package minimum exercises +minimum on fields, named types and alias chains.
//
// +groupName=minimum.example.com
package minimum

// Count is a named type with a bound of its own.
//
// +minimum=0
type Count int32

// Replicas adds a tighter bound to Count: both accumulate and the tightest is published.
//
// +minimum=1
type Replicas = Count

// Sizing uses +minimum in every place it may be written.
type Sizing struct {
	// Offset has a negative minimum on the field.
	// +minimum=-5
	Offset int64 `json:"offset"`

	// Count takes its minimum (0) from the named type.
	Count Count `json:"count"`

	// Replicas has minimums 0 (Count), 1 (Replicas) and 3 (the field): 3 is published.
	// +minimum=3
	Replicas Replicas `json:"replicas"`

	// Ratio is a number with a fractional minimum, in the +k8s: spelling.
	// +k8s:minimum=0.5
	Ratio *float64 `json:"ratio,omitempty"`
}
