// Package kubebuilderenum shows +kubebuilder:validation:Enum on a type and a field: both lists apply.
package kubebuilderenum

// Protocol is a protocol name.
//
// +kubebuilder:validation:Enum=HTTP;HTTPS;TCP
type Protocol string

// Holder holds the fields the markers are on.
type Holder struct {
	// Protocol is any protocol.
	Protocol Protocol `json:"protocol"`

	// Secure is only a secure protocol.
	//
	// +kubebuilder:validation:Enum={HTTPS,TCP,TLS}
	Secure Protocol `json:"secure"`
}
