package defaultchain

// Count defaults to 1.
//
// +default=1
type Count int32

// Replicas defaults to 2, contradicting Count.
//
// +default=2
type Replicas = Count

// Spec uses the chain; the field adds a third default.
type Spec struct {
	Replicas Replicas `json:"replicas"`

	// +default=3
	Count Count `json:"count"`
}
