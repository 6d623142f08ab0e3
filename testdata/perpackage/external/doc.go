// Package external is the output package of ../types.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-input=validationgen.test/perpackage/types
// +k8s:validation-gen-scheme-registry=nil
package external
