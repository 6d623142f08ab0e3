// Package listtypeupstream exercises list semantics in a package written for Kubernetes'
// validation-gen: sets of any items, lists of pointers, +k8s:update and +k8s:immutable on items,
// and a list type under a validation option.
//
// +k8s:validation-gen=*
package listtypeupstream

// Spec has lists.
type Spec struct {
	// Items holding a slice: compared deeply, not by Go's ==.
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:immutable
	Selectors []Selector `json:"selectors"`

	// Items holding a pointer: compared through it.
	// +k8s:listType=set
	Refs []Ref `json:"refs"`

	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=3
	Names []*string `json:"names"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "main")=+k8s:subfield(port)=+k8s:minimum=1
	Ports []*Port `json:"ports"`

	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	Unique []*Port `json:"unique"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:update=NoModify
	Frozen []Port `json:"frozen"`

	// +k8s:eachVal=+k8s:update=NoModify
	FrozenMap map[string]Port `json:"frozenMap"`

	// +k8s:ifEnabled(Strict)=+k8s:listType=set
	Gated []string `json:"gated"`
}

// Selector selects by values.
type Selector struct {
	Values []string `json:"values"`
}

// Ref refers to a name.
type Ref struct {
	Name *string `json:"name"`
}

// Port is identified by its name.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// Frozen holds a value that may not change.
type Frozen struct {
	// +k8s:optional
	// +k8s:immutable
	Ptr *string `json:"ptr,omitempty"`

	// +k8s:immutable
	// +k8s:maxLength=3
	Code string `json:"code"`
}
