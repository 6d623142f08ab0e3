// Package kubebuildermaxlength shows +kubebuilder:validation:MaxLength on a field and on a named type.
package kubebuildermaxlength

// Hostname is a DNS name.
//
// +kubebuilder:validation:MaxLength=253
type Hostname string

// Holder holds the fields the markers are on.
type Holder struct {
	// Host is shorter here.
	//
	// +kubebuilder:validation:MaxLength=63
	Host Hostname `json:"host"`
}
