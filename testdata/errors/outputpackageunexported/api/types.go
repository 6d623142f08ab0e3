package api

// Widget is a kind.
type Widget struct {
	Part part `json:"part"`
}

// part carries validation, and the output package cannot name it.
type part struct {
	// +maxLength=3
	Name string `json:"name"`
}
