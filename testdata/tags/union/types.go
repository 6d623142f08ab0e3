// Package union exercises openapi-gen's unions: +union on a struct type makes all its fields but
// the +unionDiscriminator members of one union (uniondeprecated/ shows the other kind), published
// as x-kubernetes-unions on the struct's definition as openapi-gen writes them (never in CRDs).
// They validate nothing: +k8s:unionMember does that.
package union

// Basic is an empty policy.
type Basic struct{}

// Gang schedules a group at once.
type Gang struct {
	MinCount int32 `json:"minCount"`
}

// Policy is a union of all its fields.
//
// +union
type Policy struct {
	// +optional
	Basic *Basic `json:"basic,omitempty"`
	// +optional
	Gang *Gang `json:"gang,omitempty"`
}

// Profile is a union of all its fields but its discriminator.
//
// +union
type Profile struct {
	// Type says which member is set.
	// +unionDiscriminator
	Type string `json:"type"`
	// +optional
	Localhost *string `json:"localhost,omitempty"`
}

// Holder embeds a union: its definition lists the embedded struct's union too.
type Holder struct {
	Policy `json:",inline"`
	// +optional
	Name string `json:"name,omitempty"`
}
