// Package presencestructupstream: in a package written for Kubernetes' validation-gen, the tags
// k8s:required, k8s:optional and k8s:forbidden do not apply to a non-pointer struct (always set),
// as upstream's validation-gen refuses them; openapi-gen's optional still does.
//
// +k8s:validation-gen=*
package presencestructupstream

// Spec holds struct values.
type Spec struct {
	// +k8s:required
	Required Inner `json:"required"`

	// +k8s:optional
	Optional Inner `json:"optional,omitempty"`

	// +k8s:forbidden
	Forbidden Inner `json:"forbidden,omitempty"`

	// openapi-gen's tag, and a pointer: fine.
	// +optional
	Plain Inner `json:"plain,omitempty"`
	// +k8s:optional
	Pointer *Inner `json:"pointer,omitempty"`
}

// Inner is a struct.
type Inner struct {
	// +k8s:maximum=3
	Max int32 `json:"max,omitempty"`
}
