// Package validationgen exercises +k8s:validation-gen: a package written for Kubernetes' own
// validation-gen gets upstream's semantics in its Go validators, while its published schema keeps
// openapi-gen's rule for required.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=validationgen.example.com
package validationgen

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Spec shows requiredness and presence under upstream's semantics.
type Spec struct {
	// Name is +k8s:required: reported as Required (without origin) when empty.
	// +k8s:required
	// +k8s:maxLength=5
	Name string `json:"name,omitempty"`

	// Replicas has openapi-gen's +required only: required in the schema, but Kubernetes'
	// validation-gen reads no tag of openapi-gen, so Go does not check that it is set.
	// +required
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas"`

	// Implicit has neither tag nor omitempty: required in the schema (openapi-gen's rule), but
	// not checked as required in Go; its limit applies to the empty value too.
	// +k8s:minLength=1
	Implicit string `json:"implicit"`

	// Loose is +k8s:optional: an empty value skips its checks.
	// +k8s:optional
	// +k8s:minLength=2
	Loose string `json:"loose,omitempty"`

	// Count has a limit and no tag about presence: zero is checked.
	// +k8s:minimum=1
	Count int32 `json:"count,omitempty"`

	// Limit is an optional-by-default pointer: nil skips its checks.
	// +k8s:maximum=3
	Limit *int32 `json:"limit,omitempty"`

	// Pairs is a set of structs, compared as Go values (upstream allows them; the schema keeps
	// x-kubernetes-list-type set, which CRDs accept only for scalars).
	// +k8s:optional
	// +k8s:listType=set
	Pairs []Pair `json:"pairs,omitempty"`
}

// Pair is a comparable struct.
type Pair struct {
	A string `json:"a"`
	B int32  `json:"b"`
}

// Defaulted shows optional fields with defaults: the API server always sets them, so upstream
// treats them as required, except a value whose default is its zero value (only documentation).
type Defaulted struct {
	// +k8s:optional
	// +default=""
	ZeroValue string `json:"zeroValue,omitempty"`

	// +k8s:optional
	// +default="x"
	Value string `json:"value,omitempty"`

	// +k8s:optional
	// +default=0
	Pointer *int32 `json:"pointer,omitempty"`

	// +k8s:optional
	// +default=["a"]
	List []string `json:"list,omitempty"`
}

// Ratchet shows ratcheting on update: an update that changes no value a check reads (labels,
// fields without tags) reports nothing, and one that does is checked as upstream checks it.
type Ratchet struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Inner is a struct value with a checked field.
	Inner Inner `json:"inner"`

	// Ref is required: only whether it is set matters to Ratchet.
	// +k8s:required
	Ref *Inner `json:"ref,omitempty"`

	// Note has no tag: no check reads it.
	Note string `json:"note,omitempty"`
}

// Inner has one checked field and one without tags.
type Inner struct {
	Free string `json:"free,omitempty"`
	// +k8s:maximum=3
	Max int32 `json:"max,omitempty"`
}
