// Package uniondiscriminator exercises +k8s:unionDiscriminator: a field naming the member of a
// union that is set.
//
// +k8s:validation-gen=*
package uniondiscriminator

// Volume is a discriminated union; one member has a custom discriminator value, and the
// discriminator has a value ("None") naming no member.
type Volume struct {
	// +k8s:unionDiscriminator
	Type VolumeType `json:"type"`

	// +k8s:optional
	// +k8s:unionMember
	HostPath *string `json:"hostPath,omitempty"`

	// +k8s:optional
	// +k8s:unionMember(memberName: "Secret")
	SecretRef *string `json:"secretRef,omitempty"`
}

// VolumeType names a member of Volume.
type VolumeType string

const (
	VolumeHostPath VolumeType = "HostPath"
	VolumeSecret   VolumeType = "Secret"
	VolumeNone     VolumeType = "None"
)

// Two holds two discriminated unions, the second with a pointer discriminator.
type Two struct {
	// +k8s:unionDiscriminator(union: "first")
	First string `json:"first"`
	// +k8s:optional
	// +k8s:unionMember(union: "first", memberName: "a")
	A []string `json:"a,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(union: "first", memberName: "b")
	B map[string]int32 `json:"b,omitempty"`

	// +k8s:optional
	// +k8s:unionDiscriminator(union: "second")
	Second *string `json:"second,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(union: "second", memberName: "c")
	C int64 `json:"c,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(union: "second", memberName: "d")
	D bool `json:"d,omitempty"`
}

// Lonely has a discriminator but no members: nothing is checked.
type Lonely struct {
	// +k8s:unionDiscriminator
	Type string `json:"type"`
}
