// Package multipleof exercises +multipleOf on fields, named types and alias chains.
//
// +groupName=multipleof.example.com
package multipleof

// Even is a multiple of 2.
//
// +multipleOf=2
type Even int64

// Sixes adds +multipleOf=3 to Even: a value must satisfy both, published as their least common
// multiple, 6.
//
// +multipleOf=3
type Sixes = Even

// Halves are in steps of 0.5.
//
// +multipleOf=0.5
type Halves float64

// Mixed adds +multipleOf=0.3 to Halves: both hold for multiples of 1.5, which is published.
//
// +multipleOf=0.3
type Mixed = Halves

// Steps uses +multipleOf in every place it may be written.
type Steps struct {
	// Bytes must be a multiple of 512.
	// +multipleOf=512
	Bytes int64 `json:"bytes"`

	// Pairs takes +multipleOf=2 from Even.
	Pairs Even `json:"pairs"`

	// Sixes is a multiple of 2 and of 3.
	Sixes Sixes `json:"sixes"`

	// Half is a number in steps of 0.5.
	// +multipleOf=0.5
	Half float64 `json:"half"`

	// Mixed takes +multipleOf=0.5 from Halves and 0.3 from Mixed.
	Mixed Mixed `json:"mixed"`
}
