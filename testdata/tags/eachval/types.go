// Package eachval exercises +k8s:eachVal: another tag applied to every element of a list or
// value of a map.
//
// +k8s:validation-gen=*
package eachval

// Spec has lists and maps whose elements are checked.
type Spec struct {
	// +k8s:eachVal=+k8s:minimum=1
	Counts []int32 `json:"counts,omitempty"`

	// +k8s:eachVal=+k8s:maxLength=3
	Labels map[string]string `json:"labels,omitempty"`

	// Items of a list map are checked against the old item with the same key.
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:validateFalse="item"
	Items []Item `json:"items,omitempty"`

	// Names uses a named list type whose declaration carries the tag.
	Names Names `json:"names,omitempty"`
}

// Item is an element of a list map.
type Item struct {
	Name string `json:"name"`
	// +k8s:optional
	Value string `json:"value,omitempty"`
}

// Names are short.
// +k8s:eachVal=+k8s:minLength=2
type Names []string
