// Package listtype exercises +listType: atomic, set and map lists, on fields and named types.
//
// +groupName=listtype.example.com
package listtype

// Hosts is a named list type that is a set wherever it is used.
//
// +listType=set
type Hosts []string

// Port is an item of a map list.
type Port struct {
	// Name identifies the port.
	Name string `json:"name"`
	// Number of the port.
	// +optional
	Number int32 `json:"number,omitempty"`
}

// Lists shows each list type.
type Lists struct {
	// Args are replaced as a whole.
	// +listType=atomic
	Args []string `json:"args"`

	// Tags are unique scalars.
	// +listType=set
	Tags []string `json:"tags"`

	// Ports are merged by name.
	// +listType=map
	// +listMapKey=name
	Ports []Port `json:"ports"`

	// Hosts take their list type from the named type.
	Hosts Hosts `json:"hosts"`

	// Codes uses the +k8s: spelling.
	// +k8s:listType=set
	Codes []int32 `json:"codes,omitempty"`
}
