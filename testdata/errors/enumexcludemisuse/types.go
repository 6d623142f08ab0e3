// Package enumexcludemisuse has +k8s:enumExclude tags that cannot work.
//
// +k8s:validation-gen=*
package enumexcludemisuse

// Mode is an enum.
//
// +k8s:enum
type Mode string

const (
	// +k8s:ifEnabled(A)=+k8s:ifDisabled(B)=+k8s:enumExclude
	ModeA Mode = "A"

	// +k8s:ifEnabled(A)=+k8s:minimum=1
	ModeB Mode = "B"
)

// Spec misuses it.
type Spec struct {
	// +k8s:enumExclude
	Mode Mode `json:"mode"`
}
