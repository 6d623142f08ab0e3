// Package modediscriminator exercises +k8s:modeDiscriminator with a bool discriminator.
//
// +k8s:validation-gen=*
package modediscriminator

// Switch has a value only when it is on.
type Switch struct {
	// +k8s:modeDiscriminator
	On bool `json:"on"`

	// +k8s:ifMode("true")=+k8s:required
	Level *int32 `json:"level,omitempty"`
}
