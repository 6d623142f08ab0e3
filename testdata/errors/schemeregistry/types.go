// Package schemeregistry names a scheme registry without a localSchemeBuilder for the generated
// init, a scheme package it does not import, and bad type selections.
//
// +k8s:validation-gen=TypesWithField=
// +k8s:validation-gen=Everything
// +k8s:validation-gen-scheme-registry=example.com/scheme.Scheme
package schemeregistry

// Widget is a kind.
type Widget struct {
	TypeMeta int `json:"typeMeta"`
}
