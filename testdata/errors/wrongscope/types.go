package wrongscope

// Mode is a mode; +k8s:opaqueType belongs on struct types (or on fields).
// +k8s:opaqueType
type Mode string

// ModeOn is on.
const ModeOn Mode = "On"

// Spec has tags in places they may not be written.
//
// +optional
type Spec struct {
	// +enum
	Mode Mode `json:"mode"`

	// +groupName=example.com
	Name string `json:"name"`
}
