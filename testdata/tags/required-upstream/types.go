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

	// Optional with a default: upstream reads it as required, its Required error carrying the
	// stability level of the +k8s:optional tag.
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +default=1
	// +k8s:beta(since: "1.37")=+k8s:minimum=0
	Replicas *int32 `json:"replicas,omitempty"`

	// The same on a value whose default is not its zero value.
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +default="Equal"
	Operator string `json:"operator,omitempty"`
}
