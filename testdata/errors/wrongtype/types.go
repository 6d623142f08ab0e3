package wrongtype

// Spec has tags on values of the wrong type.
type Spec struct {
	// +maxLength=10
	Count int32 `json:"count"`

	// +minimum=1
	Name string `json:"name"`

	// +minItems=1
	Label string `json:"label"`

	// +format=k8s-short-name
	Port int32 `json:"port"`

	// +minimum=1.5
	Replicas int32 `json:"replicas"`
}

// Flags may not have a number of items.
//
// +maxItems=3
type Flags map[string]bool
