package listmapkeymissingfield

// Port is a list item.
type Port struct {
	Name   string `json:"name"`
	Number int32  `json:"number"`
}

// Spec keys its list by a field that does not exist.
type Spec struct {
	// +listType=map
	// +listMapKey=nmae
	Ports []Port `json:"ports"`
}
