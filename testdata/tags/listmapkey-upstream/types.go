// Package listmapkeyupstream exercises a list map keyed by a pointer in a package written for
// Kubernetes' validation-gen (as k8s.io/api's AllocatedDeviceStatus, keyed by the optional
// shareID): upstream's match functions compare the pointers, so a nil key is a key of its own and
// not the same as a pointer to the zero value, for duplicates and for the correlation of old items
// alike.
//
// +k8s:validation-gen=*
package listmapkeyupstream

// Spec has a list map keyed by an optional field.
type Spec struct {
	// +k8s:listType=map
	// +k8s:listMapKey=id
	Shares []Share `json:"shares"`
}

// Share is identified by an optional ID.
type Share struct {
	// +k8s:optional
	ID *string `json:"id,omitempty"`

	// +k8s:minimum=1
	Count int32 `json:"count"`
}
