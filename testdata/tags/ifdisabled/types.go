// Package ifdisabled exercises +k8s:ifDisabled: validations that apply only when an option (a
// feature gate) is disabled in the operation.
//
// +k8s:validation-gen=*
package ifdisabled

// Spec has validations gated on options.
type Spec struct {
	// +k8s:ifDisabled(BigReplicas)=+k8s:maximum=10
	// +k8s:ifEnabled(BigReplicas)=+k8s:maximum=1000
	Replicas int32 `json:"replicas"`

	// +k8s:ifDisabled(Labels)=+k8s:maxProperties=0
	Labels map[string]string `json:"labels"`
}
