// Package ifenabled exercises +k8s:ifEnabled: validations that apply only when an option (a
// feature gate) is enabled in the operation.
//
// +k8s:validation-gen=*
package ifenabled

// Spec has validations gated on options.
type Spec struct {
	// +k8s:minimum=1
	// +k8s:ifEnabled(BigReplicas)=+k8s:maximum=1000
	// +k8s:ifEnabled(BigReplicas)=+k8s:ifEnabled(Alpha)=+k8s:maximum=100
	Replicas int32 `json:"replicas"`

	// +k8s:ifEnabled("StrictNames")=+k8s:format=k8s-short-name
	// +k8s:alpha=+k8s:ifEnabled("StrictNames")=+k8s:maxLength=5
	Name string `json:"name"`

	// +k8s:ifEnabled(StrictNames)=+k8s:eachVal=+k8s:neq=""
	Tags []string `json:"tags"`

	// +k8s:ifEnabled(Frozen)=+k8s:immutable
	Class string `json:"class"`
}
