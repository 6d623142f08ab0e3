// Package listtypeupstream: in a package written for Kubernetes' validation-gen, the generated Go
// reads +k8s:listType and +k8s:listMapKey only, so they must pair up without openapi-gen's tags,
// as upstream's validation-gen requires.
//
// +k8s:validation-gen=*
package listtypeupstream

// Spec has list maps whose +k8s: tags are incomplete.
type Spec struct {
	// openapi-gen's key only.
	// +listType=map
	// +listMapKey=name
	// +k8s:listType=map
	Ports []Port `json:"ports,omitempty"`

	// openapi-gen's list type only.
	// +listType=map
	// +listMapKey=name
	// +k8s:listMapKey=name
	Hosts []Port `json:"hosts,omitempty"`

	// No key in either spelling: reported once.
	// +k8s:listType=map
	Slots []Port `json:"slots,omitempty"`

	// Both spellings of both: fine.
	// +listType=map
	// +listMapKey=name
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Names []Port `json:"names,omitempty"`
}

// Port is an item.
type Port struct {
	// +k8s:required
	Name string `json:"name"`
}
