// Package item exercises +k8s:item: a tag applied to the list items whose fields have given
// values.
//
// +k8s:validation-gen=*
package item

// Spec has lists with checks on selected items.
type Spec struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Ready")=+k8s:subfield(reason)=+k8s:maxLength=5
	// +k8s:item(type: "Broken")=+k8s:validateFalse="no broken conditions"
	Conditions []Condition `json:"conditions,omitempty"`

	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=port
	// +k8s:listMapKey=open
	// +k8s:item(port: 22, open: true)=+k8s:validateFalse="no open ssh"
	Ports []Port `json:"ports,omitempty"`
}

// Condition is keyed by type.
type Condition struct {
	Type string `json:"type"`
	// +k8s:optional
	Reason string `json:"reason,omitempty"`
}

// Port is keyed by number and state.
type Port struct {
	Port int32 `json:"port"`
	Open bool  `json:"open"`
}
