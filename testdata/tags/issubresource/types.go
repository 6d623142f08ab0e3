// Package issubresource exercises +k8s:isSubresource: Scale is the payload of the /scale
// subresource, so its registered validator runs for /scale and not for the root.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
package issubresource

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

var localSchemeBuilder = &runtime.SchemeBuilder{}

// +k8s:isSubresource="/scale"

// Scale is the payload of /scale.
type Scale struct {
	metav1.TypeMeta `json:",inline"`

	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
}

func (s *Scale) DeepCopyObject() runtime.Object {
	c := *s
	return &c
}
