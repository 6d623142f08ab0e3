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

// Limits shows that an optional non-pointer field at its zero value is unset (KEP-4153): its
// validations do not apply. A pointer to a zero value is set, and they do.
type Limits struct {
	// Count has a minimum that its zero value would not meet.
	// +optional
	// +minimum=1
	Count int32 `json:"count,omitempty"`

	// CountPtr is the same on a pointer.
	// +optional
	// +minimum=1
	CountPtr *int32 `json:"countPtr,omitempty"`

	// Name is optional without omitempty: "" is unset all the same.
	// +optional
	// +minLength=3
	Name string `json:"name"`

	// Hosts has a minimum item count that an empty list would not meet.
	// +optional
	// +minItems=2
	Hosts []string `json:"hosts,omitempty"`
}
