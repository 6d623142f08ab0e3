// Package schemeregistry has bad type selections. (Its registry's problems are reported only when
// there is a type to register, see schemeregistrymissing: upstream writes no registration then.)
//
// +k8s:validation-gen=TypesWithField=
// +k8s:validation-gen=Everything
// +k8s:validation-gen-scheme-registry=example.com/scheme.Scheme
package schemeregistry

// Widget is a kind.
type Widget struct {
	TypeMeta int `json:"typeMeta"`
}
