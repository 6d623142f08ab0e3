// Package kubebuilderxvalidation shows +kubebuilder:validation:XValidation with every argument.
package kubebuilderxvalidation

// Range is a range.
//
// +kubebuilder:validation:XValidation:message="min must not exceed max",rule="self.min <= self.max"
// +kubebuilder:validation:XValidation:rule="self.min >= 0",messageExpression="'min is ' + string(self.min)",reason=FieldValueForbidden,fieldPath=".min"
type Range struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Range is checked by its type's rules.
	Range Range `json:"range"`

	// Name may not change once set.
	//
	// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self == oldSelf.value()",message="name is immutable",optionalOldSelf=true
	Name string `json:"name"`
}
