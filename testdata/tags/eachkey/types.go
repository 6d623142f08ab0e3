// Package eachkey exercises +k8s:eachKey: another tag applied to every key of a map.
//
// +k8s:validation-gen=*
package eachkey

// Spec has maps whose keys are checked.
type Spec struct {
	// +k8s:eachKey=+k8s:maxLength=3
	Labels map[string]string `json:"labels,omitempty"`

	// +k8s:eachKey=+k8s:validateFalse="key"
	Named map[Key]int32 `json:"named,omitempty"`
}

// Key is a map key type.
type Key string
