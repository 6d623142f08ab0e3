// Package types declares API types and their +k8s: tags, without +k8s:validation-gen of its own:
// ../external names it in +k8s:validation-gen-input, so its validators are generated there, with
// Kubernetes' validation-gen semantics, and nothing is written here.
package types

// Widget is a kind.
type Widget struct {
	TypeMeta int `json:"typeMeta"`

	Part Part `json:"part"`
}

// Part is used by other packages too. S has no omitempty: only under this generator's own
// semantics (openapi-gen's reading) would that make it required.
type Part struct {
	// +k8s:maxLength=3
	S string `json:"s"`
}
