// Package maxbytes exercises +k8s:maxBytes: a limit on the UTF-8 length of a string.
//
// +k8s:validation-gen=*
package maxbytes

// Spec has strings limited in bytes.
type Spec struct {
	// +k8s:optional
	// +k8s:maxBytes=4
	Name string `json:"name,omitempty"`

	// +k8s:optional
	Short *Short `json:"short,omitempty"`
}

// Short is at most 2 bytes.
// +k8s:maxBytes=2
type Short string
