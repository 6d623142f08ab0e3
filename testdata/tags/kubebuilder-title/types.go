// Package kubebuildertitle shows +kubebuilder:title on a type and on a field.
package kubebuildertitle

// Port is a port number.
//
// +kubebuilder:title="Port number"
type Port int32

// Holder holds the fields the markers are on.
type Holder struct {
	// Port has its type's title.
	Port Port `json:"port"`

	// Name has its own.
	//
	// +kubebuilder:title=Name
	Name string `json:"name"`
}
