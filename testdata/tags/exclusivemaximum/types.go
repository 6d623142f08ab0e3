// Package exclusivemaximum exercises +exclusiveMaximum, which makes +maximum exclusive.
//
// +groupName=exclusivemaximum.example.com
package exclusivemaximum

// Fraction is less than one: the flag sits on the named type with its +maximum.
//
// +maximum=1
// +exclusiveMaximum
type Fraction float64

// Bounds uses +exclusiveMaximum on fields and through a named type.
type Bounds struct {
	// Port must be less than 65536.
	// +maximum=65536
	// +exclusiveMaximum
	Port int32 `json:"port"`

	// Ratio is a Fraction: exclusive maximum 1 from the type.
	Ratio Fraction `json:"ratio"`

	// Low tightens Fraction's bound: the flag qualifies only the +maximum of its own declaration,
	// so 0.5 itself is allowed and the published maximum 0.5 is not exclusive.
	// +maximum=0.5
	Low Fraction `json:"low"`

	// Level spells the flag with an explicit value.
	// +maximum=10
	// +exclusiveMaximum=true
	Level int64 `json:"level"`
}
