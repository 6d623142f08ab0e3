// Package other declares an exported struct whose fields are of unexported named scalar types
// (Gatekeeper's status.ConnectionError and its connectionErrorType): a package that validates it
// cannot name those types, so the equality helpers ratcheting needs are generic over them, their
// type arguments inferred at each call.
package other

// Failure is one failure.
type Failure struct {
	// +kubebuilder:validation:MaxLength=8
	Message string                  `json:"message"`
	Kind    failureKind             `json:"kind"`
	Cause   *failureKind            `json:"cause,omitempty"`
	Related []failureKind           `json:"related,omitempty"`
	Counts  map[failureKind]retries `json:"counts,omitempty"`
}

type failureKind string

type retries int32

// The kinds of failures.
const (
	Upsert  failureKind = "Upsert"
	Publish failureKind = "Publish"
)
