// Package exclusiveminimum exercises +exclusiveMinimum, which makes +minimum exclusive.
//
// +groupName=exclusiveminimum.example.com
package exclusiveminimum

// Positive is greater than zero: the flag sits on the named type with its +minimum.
//
// +minimum=0
// +exclusiveMinimum
type Positive float64

// Bounds uses +exclusiveMinimum on fields and through a named type.
type Bounds struct {
	// Temperature must be greater than -273.15.
	// +minimum=-273.15
	// +exclusiveMinimum
	Temperature float64 `json:"temperature"`

	// Scale is Positive: exclusive minimum 0 from the type.
	Scale Positive `json:"scale"`

	// Large tightens Positive's bound: the flag qualifies only the +minimum of its own declaration,
	// so 5 itself is allowed and the published minimum 5 is not exclusive.
	// +minimum=5
	Large Positive `json:"large"`

	// Small has a looser bound of its own: Positive's exclusive 0 stays the tightest.
	// +minimum=-1
	Small Positive `json:"small"`

	// Count spells the flag with an explicit value.
	// +minimum=1
	// +exclusiveMinimum=true
	Count int32 `json:"count"`
}
