package unterminatedquote

// Spec has a quoted value that never ends.
type Spec struct {
	// +pattern="^[a-z]+$
	Name string `json:"name"`

	// +validationRule="self > 0",message="must be positive
	Count int32 `json:"count"`
}
