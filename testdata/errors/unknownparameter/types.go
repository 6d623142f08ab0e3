package unknownparameter

// Spec has a rule with misspelled parameters.
type Spec struct {
	// +validationRule="self > 0",mesage="must be positive"
	Count int32 `json:"count"`

	// +validationRule="self > 0",reason=Forbiden
	Size int32 `json:"size"`

	// +validationRule="self > 0",severity=high
	Level int32 `json:"level"`
}
