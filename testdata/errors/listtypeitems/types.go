package listtypeitems

// Spec has a list type whose items do not come and go.
type Spec struct {
	// +listType=set
	Pair [2]string `json:"pair"`
}
