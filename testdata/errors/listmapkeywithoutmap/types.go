package listmapkeywithoutmap

// Port is a list item.
type Port struct {
	Name string `json:"name"`
}

// Spec has list-map keys on lists that are not list maps.
type Spec struct {
	// +listMapKey=name
	Ports []Port `json:"ports"`

	// +listType=atomic
	// +listMapKey=name
	Atomic []Port `json:"atomic"`

	// +listType=map
	Unkeyed []Port `json:"unkeyed"`
}
