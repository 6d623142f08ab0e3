package multipleerrors

// Spec has several unrelated mistakes: each is reported, sorted by position, and nothing is
// written.
type Spec struct {
	// +maxLength=10
	Count int32 `json:"count"`

	// +minimum=5
	// +maximum=1
	Size int32 `json:"size"`

	// +format=k8s-shortname
	Name string `json:"name"`

	// +maxLenght=3
	Note string `json:"note"`
}

// Other has a mistake of its own.
//
// +pattern=`(`
type Other string
