// Package default exercises +default with JSON values and Go constants, on fields and types.
//
// +groupName=default.example.com
package defaultvalues

// Protocol is a network protocol.
type Protocol string

// ProtocolTCP is TCP.
const ProtocolTCP Protocol = "TCP"

// DefaultPort is the port used when none is given.
const DefaultPort = 8080

// Level has a default on the type: every field of this type inherits it.
//
// +default=3
type Level int32

// Defaults shows each kind of default value.
type Defaults struct {
	// Port defaults to a constant of the package.
	// +optional
	// +default=ref(DefaultPort)
	Port int32 `json:"port,omitempty"`

	// Protocol defaults to a typed constant.
	// +optional
	// +default=ref(ProtocolTCP)
	Protocol Protocol `json:"protocol,omitempty"`

	// Mode defaults to a JSON string.
	// +optional
	// +default="Auto"
	Mode string `json:"mode,omitempty"`

	// Ratio defaults to a JSON number.
	// +optional
	// +default=0.25
	Ratio *float64 `json:"ratio,omitempty"`

	// Enabled defaults to a JSON boolean.
	// +optional
	// +default=true
	Enabled *bool `json:"enabled,omitempty"`

	// Args defaults to a JSON list.
	// +optional
	// +default=["--verbose", "--color"]
	Args []string `json:"args,omitempty"`

	// Labels defaults to a JSON object.
	// +optional
	// +default={"tier": "web"}
	Labels map[string]string `json:"labels,omitempty"`

	// Level takes its default (3) from the named type.
	// +optional
	Level Level `json:"level,omitempty"`

	// Limits defaults to an object with fields.
	// +optional
	// +default={"cpu": 2}
	Limits *Limits `json:"limits,omitempty"`
}

// Limits are resource limits.
type Limits struct {
	// +optional
	CPU int32 `json:"cpu,omitempty"`
}
