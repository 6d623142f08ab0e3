// Package validationgenschemeregistry exercises the default of +k8s:validation-gen-scheme-registry:
// a package written for Kubernetes' validation-gen that declares localSchemeBuilder, as
// Kubernetes' own packages do in register.go, and no scheme-registry tag registers its validators
// as upstream's does by default: into runtime.Scheme, from an init function.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package validationgenschemeregistry

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

var (
	localSchemeBuilder = &runtime.SchemeBuilder{}
	// AddToScheme registers the package's validators, as a Kubernetes group's AddToScheme.
	AddToScheme = localSchemeBuilder.AddToScheme
)

// Widget is a kind whose validator the generated init registers.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:required
	// +k8s:maxLength=3
	Name string `json:"name,omitempty"`
}

// DeepCopyObject makes Widget a runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}
