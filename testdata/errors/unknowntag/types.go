package unknowntag

// Spec has misspelled tags.
type Spec struct {
	// +maxLenght=10
	Name string `json:"name"`

	// +k8s:optinal
	Note string `json:"note,omitempty"`

	// +frobnicate
	Other string `json:"other"`
}
