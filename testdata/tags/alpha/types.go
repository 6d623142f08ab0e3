// Package alpha exercises +k8s:alpha: validations whose errors are marked Alpha.
//
// +k8s:validation-gen=*
package alpha

// Spec has validations at the alpha stability level beside stable ones.
type Spec struct {
	// +k8s:minimum=5
	// +k8s:alpha(since: "1.37")=+k8s:minimum=10
	Replicas int32 `json:"replicas"`

	// +k8s:alpha=+k8s:required
	Name *string `json:"name"`

	// +k8s:alpha=+k8s:eachVal=+k8s:maxLength=3
	Tags []string `json:"tags"`

	// +k8s:listType=map
	// +k8s:listMapKey=key
	// +k8s:eachVal=+k8s:alpha=+k8s:subfield(value)=+k8s:minimum=1
	Items []Item `json:"items"`

	// +k8s:alpha=+k8s:listType=set
	Set []string `json:"set"`

	// +k8s:alpha=+k8s:immutable
	Class string `json:"class"`

	// +k8s:alpha=+k8s:neq="none"
	Mode Mode `json:"mode"`

	// +k8s:optional
	Never *Never `json:"never,omitempty"`
}

// Never is an enum without constants, which Kubernetes' validation-gen accepts: no value is
// supported.
// +k8s:enum
type Never string

// Item is an item of a list map.
type Item struct {
	Key   string `json:"key"`
	Value int32  `json:"value"`
}

// Mode is a mode; its enum is an alpha validation.
// +k8s:alpha=+k8s:enum
type Mode string

// The modes.
const (
	ModeFast Mode = "fast"
	ModeSlow Mode = "slow"
)

// Modal has mode checks at the alpha stability level.
type Modal struct {
	// +k8s:modeDiscriminator
	Mode string `json:"mode"`

	// +k8s:alpha=+k8s:ifMode("a")=+k8s:required
	A *string `json:"a,omitempty"`

	// +k8s:alpha=+k8s:ifMode("b")=+k8s:required
	// +k8s:ifMode("c")=+k8s:optional
	B *string `json:"b,omitempty"`
}

// Choice has a union and a zero-or-one-of union whose first members are alpha: they mark all the
// union's errors, as in Kubernetes' validation-gen.
type Choice struct {
	// +k8s:alpha=+k8s:unionMember
	X *string `json:"x,omitempty"`

	// +k8s:unionMember
	Y *string `json:"y,omitempty"`

	// +k8s:alpha=+k8s:zeroOrOneOfMember
	P *string `json:"p,omitempty"`

	// +k8s:alpha=+k8s:zeroOrOneOfMember
	Q *string `json:"q,omitempty"`
}
