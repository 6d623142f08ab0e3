// Package optional exercises +optional: the field is left out of required.
//
// +groupName=optional.example.com
package optional

// Options shows +optional against the json tag's omitempty.
type Options struct {
	// Name has +optional without omitempty: still optional.
	// +optional
	Name string `json:"name"`

	// Count has omitempty and +optional.
	// +optional
	Count *int32 `json:"count,omitempty"`

	// Note uses the +k8s: spelling.
	// +k8s:optional
	Note string `json:"note"`

	// Both has both spellings, as Kubernetes' own types write them: they count as one tag.
	// +optional
	// +k8s:optional
	Both string `json:"both"`

	// Implicit has neither tag but omitempty: optional.
	Implicit string `json:"implicit,omitempty"`

	// Plain has neither tag nor omitempty: required.
	Plain string `json:"plain"`
}
