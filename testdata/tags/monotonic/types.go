// Package monotonic exercises +k8s:monotonic: integers that may not decrease on update.
//
// +k8s:validation-gen=*
package monotonic

// Spec has counters.
type Spec struct {
	// +k8s:monotonic
	Generation int64 `json:"generation"`

	// +k8s:optional
	// +k8s:monotonic
	Epoch *int32 `json:"epoch,omitempty"`

	// +k8s:optional
	Revision Revision `json:"revision,omitempty"`
}

// Revision only grows.
// +k8s:monotonic
type Revision uint32
