// Package embedded exercises embedded fields without a JSON name in a package written for
// Kubernetes' validation-gen: as there, the field's tags and its type's validation apply to the
// embedded struct as a value, with errors at the holder's path (under the field's Go name when the
// holder is validated with no path), while the published schema inlines its fields as
// encoding/json does.
//
// +k8s:validation-gen=*
package embedded

// Holder embeds Base and Other by value and Extra by pointer.
type Holder struct {
	// The subfield check and Base's own limit both run.
	// +k8s:subfield(name)=+k8s:minLength=2
	Base

	// Other's id collides with Base's at the same depth: encoding/json drops both from the JSON
	// (and the schema does too), and each type's validator checks its Go value.
	Other

	// Extra's own limit does not run from here.
	// +k8s:opaqueType
	*Extra `json:",inline"`

	// +k8s:minLength=1
	Own string `json:"own"`

	// Kubernetes' validation-gen does not validate unexported fields: ignored, with a warning.
	// +k8s:minLength=1
	hidden string
}

// Base is embedded by Holder.
type Base struct {
	// +k8s:maxLength=3
	Name string `json:"name"`

	// +k8s:maxLength=2
	ID string `json:"id"`
}

// Other is embedded by Holder.
type Other struct {
	// +k8s:maxLength=4
	ID string `json:"id"`
}

// Extra is embedded by pointer.
type Extra struct {
	// +k8s:maxLength=1
	Note string `json:"note"`
}

// Outer holds a Holder below a field: the embedded fields' errors are at its path.
type Outer struct {
	Holder Holder `json:"holder"`
}

// Flags embeds a type with a check of its own.
type Flags struct {
	Flagged
}

// Flagged fails wherever it is validated.
// +k8s:validateFalse="type Flagged"
type Flagged struct {
	On bool `json:"on"`
}

// Ruled embeds structs with rules of their own: Go checks them through the embedded types'
// validators, and the schema, which inlines their fields, publishes the rules on Ruled too
// (Tagged's guarded by its field being present: only then does encoding/json set the pointer).
type Ruled struct {
	Limits
	*Tagged `json:",inline"`
}

// Limits is a pair of bounds.
// +validationRule="self.low <= self.high",message="low must not exceed high"
type Limits struct {
	Low  int32 `json:"low"`
	High int32 `json:"high"`
}

// Tagged has an optional tag.
// +validationRule="!has(self.tag) || self.tag != 'x'",message="tag must not be x"
type Tagged struct {
	Tag string `json:"tag,omitempty"`
}

// Looped embeds itself through a pointer, as Go allows: encoding/json reads each type's fields
// once, so Looped's JSON has one v (the generator used to descend into the embedding forever).
type Looped struct {
	*Looped `json:",inline"`

	// +k8s:optional
	// +k8s:maxLength=3
	V string `json:"v,omitempty"`
}
