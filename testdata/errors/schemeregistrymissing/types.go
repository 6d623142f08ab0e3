// Package schemeregistrymissing registers Widget into a scheme registry, but declares no
// localSchemeBuilder for the generated init, and does not import the scheme's package.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=example.com/scheme.Scheme
package schemeregistrymissing

// Widget is registered: it has a field named TypeMeta and carries validation.
type Widget struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:maxLength=3
	Name string `json:"name"`
}
