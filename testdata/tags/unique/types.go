// Package unique exercises +k8s:unique: unique items in a list whose published list type stays
// atomic.
//
// +k8s:validation-gen=*
package unique

// Spec has lists with unique items.
type Spec struct {
	// +listType=atomic
	// +k8s:unique=set
	Names []string `json:"names"`

	// +k8s:listType=atomic
	// +k8s:beta=+k8s:unique=map
	// +k8s:beta=+k8s:listMapKey=name
	// +k8s:eachVal=+k8s:subfield(port)=+k8s:minimum=1
	Ports []Port `json:"ports"`
}

// Port is identified by its name.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}
