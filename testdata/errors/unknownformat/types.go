package unknownformat

// Spec has formats that do not exist.
type Spec struct {
	// +format=k8s-shortname
	Name string `json:"name"`

	// +format=dns1123lable
	Label string `json:"label"`

	// +format=zipcode
	Zip string `json:"zip"`
}
