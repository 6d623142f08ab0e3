package defaultwrongtype

// Spec has defaults of the wrong JSON type.
type Spec struct {
	// +default="3"
	Count int32 `json:"count"`

	// +default=3
	Name string `json:"name"`

	// +default=1.5
	Replicas int32 `json:"replicas"`

	// +default={"a": "b"}
	Items []string `json:"items"`

	// +default=yes
	Enabled bool `json:"enabled"`
}
