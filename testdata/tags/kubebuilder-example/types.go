// Package kubebuilderexample shows +kubebuilder:example with a scalar and an object.
package kubebuilderexample

// Match is a path match.
type Match struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Port is a port.
	//
	// +kubebuilder:example=8080
	Port int32 `json:"port"`

	// Match is a match.
	//
	// +kubebuilder:example={type: "PathPrefix", value: "/api"}
	Match Match `json:"match"`
}
