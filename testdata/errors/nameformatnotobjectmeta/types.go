package nameformatnotobjectmeta

// Meta looks like metadata but is not metav1.ObjectMeta.
type Meta struct {
	Name string `json:"name"`
}

// Spec has +nameFormat on a struct that is not ObjectMeta.
type Spec struct {
	// +nameFormat=dns1123label
	Metadata Meta `json:"metadata"`

	// +nameFormat=dns1123label
	Name string `json:"name"`
}
