package listtypesetofstructs

// Port is a struct.
type Port struct {
	Name string `json:"name"`
}

// Spec has sets of values that cannot be compared as scalars.
type Spec struct {
	// +listType=set
	Ports []Port `json:"ports"`

	// +listType=set
	Matrix [][]string `json:"matrix"`
}
