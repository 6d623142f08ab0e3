// Package modemisuse has mode tags that cannot work.
//
// +k8s:validation-gen=*
package modemisuse

// Spec misuses them.
type Spec struct {
	// +k8s:modeDiscriminator
	Mode *string `json:"mode,omitempty"`

	// +k8s:modeDiscriminator(modality: "flag")
	Flag bool `json:"flag"`

	// +k8s:modeDiscriminator(modality: "flag")
	Again bool `json:"again"`

	// +k8s:ifMode(modality: "flag", mode: "yes")=+k8s:required
	// +k8s:ifMode(modality: "other", mode: "x")=+k8s:required
	A *string `json:"a,omitempty"`

	// +k8s:ifMode(modality: "flag")=+k8s:required
	// +k8s:ifMode(modality: "flag", mode: "true")=+k8s:minimum=1
	B Inner `json:"b"`
}

// Inner is a struct.
type Inner struct {
	X int32 `json:"x"`
}
