// Package validation is the output package of ../types: validation-gen writes the validators of
// its types here, Validate_Widget(ctx, op, fldPath, obj, oldObj *types.Widget), and writes nothing
// into ../types.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=github.com/validation-gen/validation-gen/testdata/tags/validationgeninput/types
// +k8s:validation-gen-scheme-registry=nil
package validation
