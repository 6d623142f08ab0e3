package flagvalue

// Spec gives values to flags.
type Spec struct {
	// =false must not silently mean true.
	// +minimum=0
	// +exclusiveMinimum=false
	Count int32 `json:"count"`

	// +optional=true
	Name string `json:"name,omitempty"`

	// +validationRule="self >= oldSelf",optionalOldSelf=false
	Version int64 `json:"version"`
}
