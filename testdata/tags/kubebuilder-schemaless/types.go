// Package kubebuilderschemaless shows +kubebuilder:validation:Schemaless.
package kubebuilderschemaless

// Config is anything.
type Config struct {
	Name string `json:"name"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Config has no schema.
	//
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:XPreserveUnknownFields
	Config Config `json:"config"`
}
