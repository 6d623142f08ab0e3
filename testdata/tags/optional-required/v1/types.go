// Package v1 marks fields both +optional and +required, as Envoy Gateway does. controller-gen
// reads +kubebuilder:validation:Optional, then +kubebuilder:validation:Required, then +optional,
// then +required, and takes the first it finds: each such field is optional here too, with a
// warning. (+kubebuilder:validation:Required wins over +optional.)
//
// +groupName=optreq.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Status is a root kind.
//
// +kubebuilder:object:root=true
type Status struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// conditions are required, then optional: optional.
	//
	// +required
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// name is optional, then required: optional.
	// +optional
	// +required
	Name string `json:"name"`

	// mode is explicitly optional for controller-gen: optional.
	// +kubebuilder:validation:Optional
	// +required
	Mode string `json:"mode"`
}
