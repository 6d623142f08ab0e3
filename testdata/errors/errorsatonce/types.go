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

// Mixed has a tag error in one field: the rules of its other fields are compiled and their errors
// reported in the same run; its own rule, which sees the broken field, is not.
// +validationRule="self.name.nosuch == 1"
type Mixed struct {
	// +maxLength=abc
	Name string `json:"name"`
	// +validationRule="self.foo > 1"
	Level int32 `json:"level"`
	// +validationRule="self.bar > 1"
	Other int32 `json:"other"` // +minimum=x (a tag error on the field's line: its rule is left out)
}
