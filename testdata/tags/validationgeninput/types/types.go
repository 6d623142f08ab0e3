// Package types declares the API types and their tags, and nothing else: its validators are
// generated into ../validation (+k8s:validation-gen-input there), so it imports nothing of the
// validation runtime.
package types

// Widget is a kind.
type Widget struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:required
	// +k8s:maxLength=3
	Name string `json:"name"`

	// +k8s:eachVal=+k8s:minimum=1
	Counts []int32 `json:"counts"`

	// Owner's tags apply because the output package opts in to Kubernetes' validation-gen: a
	// validation at a stability level, and a hand-written validator of the output package.
	//
	// +k8s:alpha(since: "1.37")=+k8s:immutable
	// +k8s:customValidation
	Owner string `json:"owner,omitempty"`
}
