// Package zerooroneofmember exercises +k8s:zeroOrOneOfMember: at most one member of a union is
// set.
//
// +k8s:validation-gen=*
package zerooroneofmember

// Limits has a zero-or-one-of union and a named one of the same members' kinds.
type Limits struct {
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	Bytes *int64 `json:"bytes,omitempty"`
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	Percent string `json:"percent,omitempty"`

	// +k8s:optional
	// +k8s:zeroOrOneOfMember(union: "mode")
	Fast bool `json:"fast,omitempty"`
	// +k8s:optional
	// +k8s:zeroOrOneOfMember(union: "mode")
	Safe bool `json:"safe,omitempty"`

	// Items: at most one of two selected items.
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "primary")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "fallback")=+k8s:zeroOrOneOfMember
	Targets []Target `json:"targets"`
}

// Target is an item of a list map.
type Target struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}
