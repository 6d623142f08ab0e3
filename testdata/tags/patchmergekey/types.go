// Package patchmergekey exercises +patchMergeKey, openapi-gen's tag for the field that strategic
// merge patch merges list items by: published verbatim as x-kubernetes-patch-merge-key (never in
// CRDs), beside the struct tag of the same name.
package patchmergekey

// Env is an environment variable.
type Env struct {
	Name  string `json:"name"`
	Value string `json:"value,omitempty"`
}

// Container merges its variables by name.
type Container struct {
	// Env merges by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	Env []Env `json:"env,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
}
