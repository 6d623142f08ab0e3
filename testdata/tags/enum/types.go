// Package enum exercises +enum: a string type whose values are its constants.
//
// +groupName=enum.example.com
package enum

// Protocol is a network protocol.
//
// +enum
type Protocol string

const (
	// ProtocolTCP is TCP.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is UDP.
	ProtocolUDP Protocol = "UDP"
	// ProtocolSCTP is SCTP.
	ProtocolSCTP Protocol = "SCTP"
)

// Phase uses the +k8s: spelling. Constants without a doc comment are listed too.
//
// +k8s:enum
type Phase string

const (
	PhasePending Phase = "Pending"
	PhaseRunning Phase = "Running"
)

// Endpoint uses the enums on fields, pointers and list items.
type Endpoint struct {
	// Protocol of the endpoint.
	Protocol Protocol `json:"protocol"`

	// Fallback is an optional protocol.
	// +optional
	Fallback *Protocol `json:"fallback,omitempty"`

	// Allowed protocols.
	// +optional
	Allowed []Protocol `json:"allowed,omitempty"`

	// Phase of the endpoint.
	Phase Phase `json:"phase"`
}
