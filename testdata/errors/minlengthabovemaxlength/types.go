package minlengthabovemaxlength

// Spec has lengths that no value satisfies.
type Spec struct {
	// +minLength=10
	// +maxLength=5
	Name string `json:"name"`

	// +minItems=3
	// +maxItems=2
	Items []string `json:"items"`

	// +maxProperties=1
	// +minProperties=2
	Labels map[string]string `json:"labels"`
}
