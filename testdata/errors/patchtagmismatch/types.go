// Package patchtagmismatch shows +patchStrategy / +patchMergeKey comment tags that disagree with
// the struct tags beside them: Go's strategic merge patch reads the struct tags, clients the
// published comment tags, so the two would merge differently (openapi-gen refuses such a field).
// A warning, an error under --strict (as the goldens run). A struct tag alone publishes nothing
// and is not reported.
package patchtagmismatch

// Port is a port.
type Port struct {
	Name string `json:"name"`
}

// Service has ports.
type Service struct {
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	Ports []Port `json:"ports,omitempty" patchStrategy:"replace" patchMergeKey:"name"`

	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	Untagged []Port `json:"untagged,omitempty"`

	// The struct tags alone: nothing published, nothing reported.
	// +optional
	Plain []Port `json:"plain,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
}
