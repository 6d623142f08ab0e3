package listtypemapofscalars

// Spec has a list map whose items are not structs.
type Spec struct {
	// +listType=map
	// +listMapKey=name
	Names []string `json:"names"`
}
