// Package misplaced shows openapi-gen's list and map tags on values of another kind, as real API
// types carry them (kube-aggregator's caBundle []byte is +listType=atomic): they say nothing about
// merging there, and openapi-gen publishes them anyway, so the kube-openapi definitions (and this
// document) carry them too, with a warning; CRDs never do (the API server refuses them there).
// client-gen's +resourceName is another tool's tag: ignored.
package misplaced

// Class is a string type.
type Class string

// Service is an aggregated API's service.
//
// +resourceName=services
type Service struct {
	// CABundle is a PEM bundle: a string in JSON.
	// +listType=atomic
	// +optional
	CABundle []byte `json:"caBundle,omitempty"`

	// SideEffects is a string.
	// +listType=atomic
	// +optional
	SideEffects *Class `json:"sideEffects,omitempty"`

	// Labels is a map with a struct's tag.
	// +structType=atomic
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}
