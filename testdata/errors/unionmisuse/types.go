// Package unionmisuse has union and dependency tags that cannot work.
//
// +k8s:validation-gen=*
package unionmisuse

// Spec misuses them.
type Spec struct {
	// A non-pointer struct is always set.
	// +k8s:unionMember
	Always Inner `json:"always"`

	// +k8s:unionDiscriminator
	Count int32 `json:"count"`

	// +k8s:unionDiscriminator
	Kind string `json:"kind"`

	// +k8s:unionDiscriminator
	Other string `json:"other"`

	// +k8s:optional
	// +k8s:unionMember
	// +k8s:dependentRequired("missing")
	// +k8s:dependentRequired("self")
	// +k8s:dependentForbidden("always")
	Self *string `json:"self,omitempty"`

	// +k8s:eachVal=+k8s:zeroOrOneOfMember
	List []string `json:"list"`

	// +k8s:dependentRequired
	Bare *string `json:"bare,omitempty"`
}

// Inner is a struct.
type Inner struct {
	A string `json:"a"`
}
