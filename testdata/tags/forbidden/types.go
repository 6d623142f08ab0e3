// Package forbidden exercises +k8s:forbidden: the field must stay unset.
//
// +k8s:validation-gen=*
package forbidden

// Spec has fields that must not be set.
type Spec struct {
	// +k8s:forbidden
	Legacy string `json:"legacy,omitempty"`

	// Its other tags are never checked: a set value is already the error.
	// +k8s:forbidden
	// +k8s:minimum=10
	Count *int32 `json:"count,omitempty"`

	// +k8s:forbidden
	Items []string `json:"items,omitempty"`

	// Bytes are bytes in CEL: the published rule tests their size.
	// +k8s:forbidden
	Raw []byte `json:"raw,omitempty"`
}
