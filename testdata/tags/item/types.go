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

	// Items whose type has checks of its own: the selected item gets the chained checks, and its
	// type's checks run once, with the list's items.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:subfield(count)=+k8s:maximum=3
	// +k8s:item(name: "a")=+k8s:subfield(unit)=+k8s:neq="kb"
	Limits []Limit `json:"limits,omitempty"`

	// A struct whose subfield has a named type with checks of its own: they run once.
	// +k8s:optional
	// +k8s:subfield(unit)=+k8s:neq="kb"
	Main *Limit `json:"main,omitempty"`

	// Two tags with one selection check the selected item together, as upstream's one
	// validate.SliceItem call: +k8s:optional stops the minimum of an unset count.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "z")=+k8s:subfield(count)=+k8s:optional
	// +k8s:item(name: "z")=+k8s:subfield(count)=+k8s:minimum=5
	Quotas []Quota `json:"quotas,omitempty"`
}

// Quota is keyed by name.
type Quota struct {
	Name  string `json:"name"`
	Count int32  `json:"count,omitempty"`
}

// Limit is keyed by name; its count and unit have checks of their own.
type Limit struct {
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Count int32 `json:"count,omitempty"`
	// +k8s:optional
	Unit Unit `json:"unit,omitempty"`
}

// Unit is a short unit name.
// +k8s:maxLength=2
type Unit string

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
