// Package subfield exercises +k8s:subfield: a tag applied to one field of a struct value, from
// the place that holds the struct.
//
// +k8s:validation-gen=*
package subfield

// Spec holds the same struct type twice, with different checks on its fields.
type Spec struct {
	// +k8s:subfield(name)=+k8s:maxLength=3
	// +k8s:subfield(count)=+k8s:minimum=1
	Short Part `json:"short"`

	// +k8s:optional
	// +k8s:subfield(name)=+k8s:validateFalse="long name"
	// +k8s:subfield(port)=+k8s:maximum=10
	Long *Part `json:"long,omitempty"`

	// No checks here.
	Free Part `json:"free"`
}

// Part is shared; its own declaration checks a field through +k8s:subfield too.
// +k8s:subfield(name)=+k8s:minLength=1
type Part struct {
	Name  string `json:"name"`
	Count int32  `json:"count"`
	// +k8s:optional
	Port *int32 `json:"port,omitempty"`
}

// Guarded shows upstream's short-circuits: a subfield's checks do not run where the field's own
// short-circuiting check (+k8s:required here) fails, unless the field is +k8s:opaqueType.
type Guarded struct {
	// +k8s:subfield(value)=+k8s:validateFalse="target value"
	Target Target `json:"target"`

	// +k8s:opaqueType
	// +k8s:subfield(value)=+k8s:validateFalse="opaque value"
	Opaque Target `json:"opaque"`
}

// Target requires its value.
type Target struct {
	// +k8s:required
	Value *string `json:"value"`
}
