package listtypeitems

// Item is a list item.
type Item struct {
	Name string `json:"name"`
}

// Spec has list types whose items cannot be compared or correlated.
type Spec struct {
	// +listType=map
	// +listMapKey=name
	Items []*Item `json:"items,omitempty"`

	// +listType=set
	Names []*string `json:"names,omitempty"`

	// +listType=set
	Pair [2]string `json:"pair"`
}
