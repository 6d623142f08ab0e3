// Package kubebuilderenumtype lists enum values of another type than the value's: controller-gen
// publishes them and the API server accepts the CRD, but no value can equal them. A warning names
// them; the values that fit are still the allowed ones.
package kubebuilderenumtype

// Settings has enums.
type Settings struct {
	// priority is an integer listed with words.
	// +kubebuilder:validation:Enum=low;high
	// +optional
	Priority int32 `json:"priority,omitempty"`

	// level mixes a number and a word.
	// +kubebuilder:validation:Enum=1;2;three
	// +optional
	Level int32 `json:"level,omitempty"`

	// mode is a string listed with strings: no warning.
	// +kubebuilder:validation:Enum=fast;slow
	// +optional
	Mode string `json:"mode,omitempty"`
}
