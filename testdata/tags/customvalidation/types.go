// Package customvalidation exercises +k8s:customValidation: hand-written validators of the
// package, named as Kubernetes' validation-gen names them (see custom.go).
//
// +k8s:validation-gen=*
package customvalidation

// Spec has custom-validated fields.
// +k8s:customValidation
type Spec struct {
	// +k8s:customValidation
	// +k8s:maxLength=3
	Name string `json:"name"`

	// +k8s:customValidation
	Tags []string `json:"tags"`

	// +k8s:ifEnabled(Custom)=+k8s:customValidation
	Gated *int32 `json:"gated,omitempty"`

	Code Code `json:"code"`
}

// Code is custom-validated wherever it is used.
// +k8s:customValidation
type Code string
