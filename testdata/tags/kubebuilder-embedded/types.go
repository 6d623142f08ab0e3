// Package kubebuilderembedded embeds a struct inline whose type carries controller-gen's
// object-level markers: controller-gen's schema of the holder takes them over (its allOf
// flattening), the bounds on the number of properties as well as the rules.
package kubebuilderembedded

// Refs names what a holder points at: one or two of them.
//
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=2
// +kubebuilder:validation:XValidation:rule="!has(self.secret) || self.secret != 'default'",message="not the default secret"
type Refs struct {
	// +optional
	ConfigMap string `json:"configMap,omitempty"`
	// +optional
	Secret string `json:"secret,omitempty"`
	// +optional
	Volume string `json:"volume,omitempty"`
}

// Holder embeds Refs inline: its fields are the holder's in JSON.
type Holder struct {
	Refs `json:",inline"`
}
