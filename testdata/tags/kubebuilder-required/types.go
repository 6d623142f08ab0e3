// Package kubebuilderrequired shows +kubebuilder:validation:Required.
package kubebuilderrequired

// Holder holds the fields the markers are on.
type Holder struct {
	// Name is required although omitempty.
	//
	// +kubebuilder:validation:Required
	Name string `json:"name,omitempty"`

	// Limits is required; with omitzero, JSON has no limits at their zero value, so that is
	// what is missing (not limits.max).
	//
	// +kubebuilder:validation:Required
	Limits Limits `json:"limits,omitzero"`

	// Ports is required too: a struct that == cannot compare, omitted at its zero value.
	//
	// +kubebuilder:validation:Required
	Ports Ports `json:"ports,omitzero"`
}

// Limits is a comparable struct.
type Limits struct {
	// +kubebuilder:validation:Required
	Max int32 `json:"max"`
}

// Ports is not comparable.
type Ports struct {
	// +kubebuilder:validation:Optional
	// +kubebuilder:validation:MaxItems=1
	Names []string `json:"names,omitempty"`
}
