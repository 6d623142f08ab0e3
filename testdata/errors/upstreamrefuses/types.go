// Package upstreamrefuses holds tags that Kubernetes' validation-gen refuses, in a package written
// for it: a package accepted here would break under Kubernetes' own generator.
//
// +k8s:validation-gen=*
package upstreamrefuses

type Spec struct {
	// NoSet on map values: a new key has no old value, so it would not stop anything.
	// +k8s:eachVal=+k8s:update=NoSet
	A map[string]string `json:"a,omitempty"`

	// NoUnset on list items, through +k8s:item.
	// +k8s:listType=map
	// +k8s:listMapKey=x
	// +k8s:item(x: 1)=+k8s:update=NoUnset
	B []Inner `json:"b,omitempty"`

	// Nested +k8s:subfield.
	// +k8s:subfield(inner)=+k8s:subfield(x)=+k8s:minimum=1
	C Outer `json:"c"`

	// Nested through another tag.
	// +k8s:subfield(inner)=+k8s:alpha=+k8s:subfield(x)=+k8s:minimum=1
	D Outer `json:"d"`

	// NoModify on the items of a set: a changed item is a new one.
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:update=NoModify
	E []string `json:"e,omitempty"`

	// NoAddItem on a list without item identity.
	// +k8s:update=NoAddItem
	H []string `json:"h,omitempty"`

	// An item selector on a list that is no list map.
	// +k8s:item(x: 1)=+k8s:subfield(x)=+k8s:minimum=1
	I []Inner `json:"i,omitempty"`

	// Accepted by both: NoModify on the values of a map, and on the items of a unique=map list.
	// +k8s:eachVal=+k8s:update=NoModify
	F map[string]string `json:"f,omitempty"`

	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=x
	// +k8s:eachVal=+k8s:update=NoModify
	G []Inner `json:"g,omitempty"`
}

type Outer struct {
	Inner Inner `json:"inner"`
}

type Inner struct {
	X int32 `json:"x"`
}
