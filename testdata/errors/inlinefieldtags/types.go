package inlinefieldtags

// Base is embedded.
type Base struct {
	Name string `json:"name"`
}

// Spec embeds Base inline: a tag on the embedded field has no value to apply to.
type Spec struct {
	// +optional
	// +validationRule="self.name != ''"
	Base `json:",inline"`

	// Tags of other tools are not validation and stay allowed.
	// +k8s:deepcopy-gen=false
	*Extra `json:",inline"`
}

// Extra is embedded by pointer.
type Extra struct {
	Note string `json:"note,omitempty"`
}
