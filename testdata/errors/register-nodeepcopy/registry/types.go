// Package registry registers as upstream's validation-gen does, by a typed nil into the scheme
// type it names: a selected type that is not a runtime.Object is reported the same way.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
package registry

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

var localSchemeBuilder = &runtime.SchemeBuilder{}

type Thing struct {
	metav1.TypeMeta `json:",inline"`

	// +k8s:maxLength=3
	Name string `json:"name"`
}
