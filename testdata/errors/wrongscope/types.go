package wrongscope

// Mode is a mode.
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
