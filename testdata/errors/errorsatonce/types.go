package errorsatonce

// Broken has a tag error of its own: its rules are not compiled (its model is incomplete), so
// its undefined field is not reported as well.
type Broken struct {
	// +maxLength=abc
	// +validationRule="self.nosuchfield == 1"
	Name string `json:"name"`
}

// Clean has no tag error: its CEL error is reported in the same run as Broken's tag error.
type Clean struct {
	// +validationRule="self.size() > 'a'"
	Name string `json:"name"`
}

// Other is in the same file and also clean.
// +validationRule="self.missing == 1"
type Other struct {
	Name string `json:"name"`
}
