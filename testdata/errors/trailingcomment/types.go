package trailingcomment

// Spec has tags where no generator reads them.
type Spec struct {
	Name string `json:"name"` // +maxLength=3

	// Count has its tag above, where it belongs.
	// +minimum=1
	Count int32 `json:"count"` // a trailing comment without tags is fine
}

// Next checks that a trailing tag reaches neither its field nor the next one.
type Next struct {
	Commented string `json:"commented"` // +maxLength=11
	Below     string `json:"below"`
}
