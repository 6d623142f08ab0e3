// Package patchstrategy exercises +patchStrategy, openapi-gen's tag for strategic merge patch:
// published verbatim as x-kubernetes-patch-strategy at the field (never in CRDs), beside the
// struct tag of the same name that Go's strategic merge patch reads. It is read from the field's
// own comment only, as openapi-gen reads it: a named list type's tag is not the field's.
package patchstrategy

// Port is a port.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// Ports is a named list; openapi-gen does not read its +patchStrategy where it is used.
//
// +patchStrategy=merge
type Ports []Port

// Service shows the strategies.
type Service struct {
	// Ports merge by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Ports []Port `json:"ports,omitempty" patchStrategy:"merge" patchMergeKey:"name"`

	// Volumes merge by name, and keep only the keys of the patch in each item.
	// +patchMergeKey=name
	// +patchStrategy=merge,retainKeys
	// +optional
	Volumes []Port `json:"volumes,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`

	// Strategy keeps only the keys of the patch.
	// +patchStrategy=retainKeys
	// +optional
	Strategy *Port `json:"strategy,omitempty" patchStrategy:"retainKeys"`

	// Named uses a named list type: no strategy here, as for openapi-gen.
	// +optional
	Named Ports `json:"named,omitempty"`
}
