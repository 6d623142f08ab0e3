// Package maximum exercises +maximum on fields, named types and alias chains.
//
// +groupName=maximum.example.com
package maximum

// Percent is a named type with a bound of its own.
//
// +maximum=100
type Percent int32

// Share adds a tighter bound to Percent: both accumulate and the tightest is published.
//
// +maximum=50
type Share = Percent

// Limits uses +maximum in every place it may be written.
type Limits struct {
	// Retries has a maximum on the field.
	// +maximum=10
	Retries int64 `json:"retries"`

	// Percent takes its maximum (100) from the named type.
	Percent Percent `json:"percent"`

	// Share has maximums 100 (Percent), 50 (Share) and 75 (the field): 50 is published.
	// +maximum=75
	Share Share `json:"share"`

	// Weight is a number with a fractional maximum, in the +k8s: spelling.
	// +k8s:maximum=2.5
	Weight *float64 `json:"weight,omitempty"`
}
