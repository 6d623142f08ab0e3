// Package maxitemsupstream exercises +k8s:maxItems and +k8s:maxProperties in a package written for
// Kubernetes' validation-gen: they short-circuit, as upstream's (its validate.MaxItems is marked
// ShortCircuit), so an oversized list or map is reported and none of its items is validated, which
// bounds the work that hostile input causes.
//
// +k8s:validation-gen=*
package maxitemsupstream

// Spec has bounded lists and maps whose items have checks of their own.
type Spec struct {
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:minimum=1
	Counts []int32 `json:"counts,omitempty"`

	// +k8s:optional
	// +k8s:maxProperties=1
	// +k8s:eachKey=+k8s:maxLength=3
	// +k8s:eachVal=+k8s:maxLength=3
	Labels map[string]string `json:"labels,omitempty"`

	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=1
	Items []Item `json:"items,omitempty"`

	// Every short-circuiting check runs: a failed +k8s:update does not hide the size.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=1
	// +k8s:update=NoAddItem
	Frozen []Item `json:"frozen,omitempty"`
}

// Gated has a list whose requiredness depends on an option: a check gated on an option that is not
// defined does not hide the size either.
type Gated struct {
	// +k8s:ifDisabled(Gate)=+k8s:forbidden
	// +k8s:ifEnabled(Gate)=+k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=1
	Items []Item `json:"items,omitempty"`
}

// Item validates itself: its validator is not called for the items of an oversized list.
type Item struct {
	// +k8s:required
	// +k8s:maxLength=3
	Name string `json:"name"`
}
