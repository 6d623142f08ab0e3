package missingvalue

// Spec has tags that need a value and have none.
type Spec struct {
	// +maxLength
	Name string `json:"name"`

	// +maxLength=
	Alias string `json:"alias"`

	// +validationRule="self > 0",message
	Count int32 `json:"count"`

	// +validationRule=
	Rule string `json:"rule"`

	// +minimum 3
	Size int32 `json:"size"`

	// +default=
	Mode string `json:"mode"`
}
