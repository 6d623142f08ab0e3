// Package requiredupstream exercises +k8s:required and +k8s:forbidden in a package written for
// Kubernetes' validation-gen: like every check there, they are not run again on an update that
// leaves the field as it was, even when a sibling changed.
//
// +k8s:validation-gen=*
package requiredupstream

// Spec has required and forbidden fields beside a free one.
type Spec struct {
	// +k8s:required
	Class string `json:"class,omitempty"`

	// +k8s:required
	Size *int32 `json:"size,omitempty"`

	// +k8s:forbidden
	Legacy string `json:"legacy,omitempty"`

	// +k8s:optional
	Free string `json:"free,omitempty"`
}
