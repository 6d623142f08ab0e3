// Package validation is the output package of ../types, laid out as apimachinery's
// meta/v1/validation is: beside the validators of its input's types it declares types of its own.
// Those get no validators, as upstream's validation-gen writes none for them: untagged ones
// (Options, Mode, as LabelSelectorValidationOptions and ManagedFieldsValidationOption there) are
// fine; a tagged one (Checked) is a warning, since its tags would validate nothing.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=github.com/validation-gen/validation-gen/testdata/tags/outputpackage-owntypes/types
// +k8s:validation-gen-scheme-registry=nil
package validation

// Options are options of a hand-written validator.
type Options struct {
	AllowEmpty bool
	Mode       Mode
}

// Mode is an option's value.
type Mode int

// Checked carries a tag, which nothing applies.
type Checked struct {
	// +k8s:minimum=1
	Count int32 `json:"count"`
}
