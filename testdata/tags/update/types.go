// Package update exercises +k8s:update: transitions forbidden on update.
//
// +k8s:validation-gen=*
package update

// Spec has fields with restricted transitions.
type Spec struct {
	// Once set, Name stays (it may not change or be cleared).
	// +k8s:optional
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	Name string `json:"name,omitempty"`

	// Owner may only be set at creation.
	// +k8s:optional
	// +k8s:update=NoSet
	Owner *string `json:"owner,omitempty"`

	// Inner is a struct value, always set: it may not change.
	// +k8s:update=NoModify
	Inner Inner `json:"inner"`

	// Hosts may grow but not shrink; items are matched by key.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoRemoveItem
	Hosts []Host `json:"hosts,omitempty"`

	// Labels may not get new keys.
	// +k8s:optional
	// +k8s:update=NoAddItem
	Labels map[string]string `json:"labels,omitempty"`

	// Blob is bytes, a string in JSON: it may only be set at creation.
	// +k8s:optional
	// +k8s:update=NoSet
	Blob []byte `json:"blob,omitempty"`

	// Code may not change; a forbidden change is the only error, its length not checked.
	// +k8s:optional
	// +k8s:update=NoModify
	// +k8s:maxLength=3
	Code string `json:"code,omitempty"`

	// Free has no restriction.
	// +k8s:optional
	Free string `json:"free,omitempty"`
}

// Inner is a small struct.
type Inner struct {
	// +k8s:optional
	X string `json:"x,omitempty"`
}

// Host is keyed by name.
type Host struct {
	Name string `json:"name"`
	// +k8s:optional
	IP string `json:"ip,omitempty"`
}
