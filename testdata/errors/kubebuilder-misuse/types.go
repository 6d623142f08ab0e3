// Package kubebuildermisuse has controller-gen markers that parse but cannot apply.
package kubebuildermisuse

// Holder holds the fields.
type Holder struct {
	// +kubebuilder:validation:UniqueItems=true
	// +listType=atomic
	Items []string `json:"items"`

	// +kubebuilder:validation:MaxLength=3
	Count int32 `json:"count"`

	// +kubebuilder:validation:Enum=a;b
	// +kubebuilder:validation:Pattern=`[`
	Mode Mode `json:"mode"`

	// +kubebuilder:validation:XValidation:rule="self.size() > 0",reason=Bad
	Name string `json:"name"`

	// +kubebuilder:validation:items:Maximum=3
	// +listType=atomic
	Names []string `json:"names"`

	// +kubebuilder:validation:Format=no-such-format
	When string `json:"when"`
}

// Mode is a mode.
//
// +kubebuilder:validation:Enum=c;d
type Mode string
