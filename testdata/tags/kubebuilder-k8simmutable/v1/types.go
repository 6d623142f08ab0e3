// Package v1 shows +k8s:immutable as controller-gen (v0.21) reads it: the field's own
// "self == oldSelf", and for an optional field, a rule of the struct holding it that refuses
// removing the field once set, which the field's own rule cannot see.
//
// +groupName=k8simmutable.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Volume is a kind.
//
// +kubebuilder:object:root=true
type Volume struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec VolumeSpec `json:"spec"`
}

// VolumeSpec is the desired state.
type VolumeSpec struct {
	// Class may not change, nor be removed once set.
	// +optional
	// +k8s:immutable
	Class *string `json:"class,omitempty"`
	// Size may not change; it is required.
	// +required
	// +k8s:immutable
	Size int64 `json:"size"`
}
