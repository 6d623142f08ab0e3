// Package beta exercises +k8s:beta: validations whose errors are marked Beta, also written
// beside the same tag for openapi-gen, as Kubernetes writes them. The schema publishes what
// openapi-gen's tags say; the Go validators read the +k8s: tags, at their level, as upstream does.
//
// +k8s:validation-gen=*
package beta

// Spec has validations at the beta stability level.
type Spec struct {
	// +k8s:beta(since: "1.37")=+k8s:maxItems=2
	// +listType=map
	// +listMapKey=name
	// +k8s:beta(since: "1.37")=+k8s:listType=map
	// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
	Ports []Port `json:"ports"`

	// +required
	// +k8s:beta=+k8s:required
	// +k8s:beta=+k8s:format=k8s-short-name
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:beta=+k8s:update=NoModify
	Class *string `json:"class,omitempty"`
}

// Port is an item of a list map.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}
