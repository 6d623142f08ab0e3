// Package uniquechain shows +k8s:unique on a named list type, with more tags on the field that
// uses it: the field's value is the type's, and its items stay unique.
package uniquechain

// Names holds names, each at most once.
//
// +k8s:listType=atomic
// +k8s:unique=set
type Names []string

// Ports are identified by their name.
//
// +k8s:listType=atomic
// +k8s:unique=map
// +k8s:listMapKey=name
type Ports []Port

// Port is a named port.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// Spec uses both types, with a limit of its own.
type Spec struct {
	// +k8s:maxItems=3
	// +optional
	Names Names `json:"names,omitempty"`

	// +k8s:maxItems=3
	// +optional
	Ports Ports `json:"ports,omitempty"`

	// Without tags of its own.
	// +optional
	Plain Names `json:"plain,omitempty"`
}
