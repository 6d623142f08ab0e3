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

// Weight is one of a few integers.
//
// +kubebuilder:validation:Enum=1;2;3
type Weight int32

// Numbers holds enums of other JSON types than string.
type Numbers struct {
	// Weight allows what its type allows.
	Weight Weight `json:"weight,omitempty"`

	// Replicas is 0 (written) or a power of two up to 4.
	//
	// +kubebuilder:validation:Enum=0;1;2;4
	Replicas *int64 `json:"replicas,omitempty"`

	// Ratio is a half or one.
	//
	// +kubebuilder:validation:Enum=0.5;1
	Ratio *float64 `json:"ratio,omitempty"`

	// On can only be true.
	//
	// +kubebuilder:validation:Enum=true
	On *bool `json:"on,omitempty"`

	// Code lists numbers for a string: no string is allowed (a warning says so).
	//
	// +kubebuilder:validation:Enum=1;2
	Code string `json:"code,omitempty"`
}
