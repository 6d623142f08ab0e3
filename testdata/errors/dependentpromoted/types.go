// Package dependentpromoted: in a package written for Kubernetes' validation-gen, a dependency
// names a field of the struct itself; one promoted through an embedded struct belongs to that
// struct, as upstream's validation-gen reads it (it reported no error here before: the generator
// crashed).
//
// +k8s:validation-gen=*
package dependentpromoted

// Proto is embedded.
type Proto struct {
	// +k8s:optional
	Port *int32 `json:"port,omitempty"`
}

// Holder names Proto's field.
type Holder struct {
	Proto `json:",inline"`

	// +k8s:optional
	// +k8s:dependentRequired("port")
	Name string `json:"name,omitempty"`
}
