package optionalandrequired

// Spec has fields that are both optional and required.
type Spec struct {
	// +optional
	// +required
	Name string `json:"name"`

	// +k8s:required
	// +optional
	Note string `json:"note"`
}
