// Package unionmember exercises +k8s:unionMember: exactly one member of a union is set.
//
// +k8s:validation-gen=*
package unionmember

// Source is an undiscriminated union of members of every kind: a pointer, a list, a map, a
// string and an integer.
type Source struct {
	// +k8s:optional
	// +k8s:unionMember
	Ref *Ref `json:"ref,omitempty"`

	// +k8s:optional
	// +k8s:unionMember
	Names []string `json:"names,omitempty"`

	// +k8s:optional
	// +k8s:unionMember
	Labels map[string]string `json:"labels,omitempty"`

	// +k8s:optional
	// +k8s:unionMember
	Path string `json:"path,omitempty"`

	// +k8s:optional
	// +k8s:unionMember
	Port int32 `json:"port,omitempty"`
}

// Ref is a member's type; it has no validation of its own.
type Ref struct {
	Name string `json:"name"`
}

// Pair holds two named unions, and a field outside them.
type Pair struct {
	// +k8s:optional
	// +k8s:unionMember(union: "left")
	A *string `json:"a,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(union: "left")
	B *string `json:"b,omitempty"`

	// +k8s:optional
	// +k8s:unionMember(union: "right")
	C *string `json:"c,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(union: "right")
	D *string `json:"d,omitempty"`

	Other string `json:"other"`
}

// Holder checks unions of values it holds: one over fields of a shared struct (through a
// subfield tag), one over items of a list map (through an item tag).
type Holder struct {
	// +k8s:subfield(x)=+k8s:unionMember
	// +k8s:subfield(y)=+k8s:unionMember
	Shared Shared `json:"shared"`

	// Neither optional nor required: an empty list is checked too (an optional one would not be).
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:unionMember
	// +k8s:item(name: "failed")=+k8s:unionMember
	Tasks []Task `json:"tasks"`

	// A Source: its own union is checked below this field.
	Source Source `json:"source"`
}

// Shared has no union of its own.
type Shared struct {
	// +k8s:optional
	X *int32 `json:"x,omitempty"`
	// +k8s:optional
	Y *int32 `json:"y,omitempty"`
}

// Task is an item of a list map.
type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}

// Embedding embeds, by pointer, a struct with a union of the same name: in a package written for
// Kubernetes' validation-gen these are two unions, each among its struct's own fields.
type Embedding struct {
	*Promoted `json:",inline"`

	// +k8s:optional
	// +k8s:unionMember(union: "outer")
	Own *string `json:"own,omitempty"`
}

// Promoted is embedded by pointer.
type Promoted struct {
	// +k8s:optional
	// +k8s:unionMember(union: "outer")
	Far *string `json:"far,omitempty"`
}
