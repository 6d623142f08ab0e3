// Package kubebuilderdefault shows +kubebuilder:default in marker syntax: scalars, objects, lists.
package kubebuilderdefault

// Match is a path match.
type Match struct {
	// +optional
	Type string `json:"type,omitempty"`
	// +optional
	Value string `json:"value,omitempty"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Port defaults to 80.
	//
	// +kubebuilder:default=80
	// +optional
	Port int32 `json:"port,omitempty"`

	// Mode defaults to a bare string.
	//
	// +kubebuilder:default=Strict
	// +optional
	Mode string `json:"mode,omitempty"`

	// Match defaults to an object.
	//
	// +kubebuilder:default={type: "PathPrefix", value: "/"}
	// +optional
	Match *Match `json:"match,omitempty"`

	// Names defaults to a list.
	//
	// +kubebuilder:default={a,b}
	// +listType=atomic
	// +optional
	Names []string `json:"names,omitempty"`
}
