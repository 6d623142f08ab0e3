package defaultconstantmissing

// Spec refers to constants that do not exist.
type Spec struct {
	// +default=ref(DefaultMode)
	Mode string `json:"mode"`

	// +default=ref(k8s.io/api/core/v1.ProtocolTCP)
	Protocol string `json:"protocol"`
}
