package minimumabovemaximum

// Small is at most 5.
//
// +maximum=5
type Small int32

// Spec has bounds that no value satisfies.
type Spec struct {
	// +minimum=10
	// +maximum=1
	Count int32 `json:"count"`

	// The field's minimum contradicts the type's maximum.
	// +minimum=8
	Size Small `json:"size"`
}
