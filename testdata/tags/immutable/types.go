// Package immutable exercises +immutable: the value may not change once set.
//
// +groupName=immutable.example.com
package immutable

// UID never changes wherever it is used.
//
// +immutable
type UID string

// Claim shows +immutable on fields and on a type.
type Claim struct {
	// StorageClass may not change.
	// +immutable
	StorageClass string `json:"storageClass"`

	// ID takes +immutable from UID.
	ID UID `json:"id"`

	// Selector uses the +k8s: spelling on a struct.
	// +optional
	// +k8s:immutable
	Selector *Selector `json:"selector,omitempty"`

	// Size has a rule of its own beside +immutable.
	// +immutable
	// +validationRule="self > 0",message="size must be positive"
	Size int64 `json:"size"`

	// Zone may be set once: it is optional and not a pointer, so "" is unset (KEP-4153) and
	// setting it later is not a change of a value.
	// +optional
	// +immutable
	Zone string `json:"zone,omitempty"`
}

// Selector selects volumes.
type Selector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}
