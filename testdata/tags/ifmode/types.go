// Package ifmode exercises +k8s:modeDiscriminator and +k8s:ifMode: a field's checks depend on
// the struct's mode, and a field no mode mentions is forbidden in that mode.
//
// +k8s:validation-gen=*
package ifmode

// Endpoint is in mode TCP or UDP (Protocol), and secure or not (Secure).
type Endpoint struct {
	// +k8s:modeDiscriminator
	Protocol Protocol `json:"protocol"`

	// Required in TCP, at most 5 characters; optional in UDP; forbidden otherwise.
	// +k8s:ifMode("TCP")=+k8s:required
	// +k8s:ifMode("TCP")=+k8s:maxLength=5
	// +k8s:ifMode("UDP")=+k8s:optional
	Host *Host `json:"host,omitempty"`

	// Only in UDP, and then at least 1.
	// +k8s:ifMode("UDP")=+k8s:minimum=1
	Port int32 `json:"port,omitempty"`

	// Only in TCP.
	// +k8s:ifMode(mode: "TCP")=+k8s:optional
	Options []string `json:"options,omitempty"`

	// +k8s:modeDiscriminator(modality: "security")
	Secure bool `json:"secure"`

	// Required when secure, forbidden otherwise.
	// +k8s:ifMode(modality: "security", mode: "true")=+k8s:required
	CA map[string]string `json:"ca,omitempty"`
}

// Protocol is a mode of Endpoint.
type Protocol string

// Host is checked wherever it is used, in every mode, once.
// +k8s:maxLength=10
type Host string

// Gated has its modality only when the option Modes is enabled.
type Gated struct {
	// +k8s:ifEnabled(Modes)=+k8s:modeDiscriminator
	Kind string `json:"kind"`

	// +k8s:ifEnabled(Modes)=+k8s:ifMode("A")=+k8s:optional
	A *string `json:"a,omitempty"`

	// +k8s:ifEnabled(Modes)=+k8s:ifMode("B")=+k8s:optional
	B *string `json:"b,omitempty"`
}

// Listener embeds Endpoint: Endpoint's modes are its own, checked once, by its validator (as
// upstream's validators key a modality by the struct that declares its members).
type Listener struct {
	Endpoint `json:",inline"`

	// +k8s:optional
	// +k8s:maxLength=8
	Name string `json:"name,omitempty"`
}
