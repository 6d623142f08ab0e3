// Package v1 keys a list map by an optional field. The API server rejects such a key in a CRD
// schema, so the check applies to CRD output (Kubernetes' own built-in types have optional keys).
//
// +groupName=listmapkeyoptionalfield.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Service is a root kind.
type Service struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ServiceSpec `json:"spec"`
}

// ServiceSpec keys its ports by an optional field.
type ServiceSpec struct {
	// +listType=map
	// +listMapKey=number
	// +listMapKey=protocol
	Ports []Port `json:"ports"`
}

// Port is a list item whose protocol is optional and has no default.
type Port struct {
	Number int32 `json:"number"`
	// +optional
	Protocol string `json:"protocol,omitempty"`
}
