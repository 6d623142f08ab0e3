// Package customunique exercises +k8s:customUnique: uniqueness left to hand-written code.
//
// +k8s:validation-gen=*
package customunique

// Spec has a set and a list map whose uniqueness is not generated.
type Spec struct {
	// +k8s:listType=set
	// +k8s:customUnique
	Names []string `json:"names"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:customUnique
	// +k8s:eachVal=+k8s:subfield(port)=+k8s:minimum=1
	Ports []Port `json:"ports"`
}

// Port is identified by its name.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}
