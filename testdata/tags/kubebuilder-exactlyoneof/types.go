// Package kubebuilderexactlyoneof shows +kubebuilder:validation:ExactlyOneOf, written before an XValidation
// rule: controller-gen puts its rule after the XValidation rules.
package kubebuilderexactlyoneof

// Source names where the data comes from.
//
// +kubebuilder:validation:ExactlyOneOf=configMapRef;secretRef
// +kubebuilder:validation:XValidation:rule="!has(self.inline) || size(self.inline) > 0",message="inline must not be empty"
type Source struct {
	// +optional
	ConfigMapRef *string `json:"configMapRef,omitempty"`
	// +optional
	SecretRef *string `json:"secretRef,omitempty"`
	// +optional
	Inline string `json:"inline,omitempty"`
}

// Holder holds a source.
type Holder struct {
	// +optional
	Source *Source `json:"source,omitempty"`
}
