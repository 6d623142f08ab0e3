// Package required exercises +required: the field is listed in required.
//
// +groupName=required.example.com
package required

// Spec shows +required against the json tag's omitempty.
type Spec struct {
	// Name has +required and omitempty: required all the same.
	// +required
	Name string `json:"name,omitempty"`

	// Replicas is a required pointer.
	// +required
	Replicas *int32 `json:"replicas"`

	// Image uses the +k8s: spelling.
	// +k8s:required
	Image string `json:"image,omitempty"`

	// Implicit has neither tag nor omitempty: required.
	Implicit string `json:"implicit"`

	// Loose has neither tag but omitempty: optional.
	Loose string `json:"loose,omitempty"`
}
