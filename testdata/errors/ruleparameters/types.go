package ruleparameters

// Spec has rules with bad parameter values.
type Spec struct {
	// +validationRule=""
	A string `json:"a"`

	// +validationRule="self.x > 0",field="spec replicas"
	B Inner `json:"b"`

	// +validationRule="self > 0",message=""
	C int32 `json:"c"`

	// +validationRule="self > 0",message="ok",message="again"
	D int32 `json:"d"`

	// +validationRule='self > 0'
	E int32 `json:"e"`
}

// Inner is a struct.
type Inner struct {
	X int32 `json:"x"`
}
