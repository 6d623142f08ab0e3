// Package v1 limits the string values of int-or-string fields, as controller-gen documents its
// XIntOrString marker: the API server applies a pattern or a length to string values only, and
// so do the generated validators. The CRD is controller-gen's.
//
// +groupName=intorstring.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Rollout is a kind.
//
// +kubebuilder:object:root=true
type Rollout struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec RolloutSpec `json:"spec"`
}

// RolloutSpec is the desired state.
type RolloutSpec struct {
	// Port is a number or a numeric string, as controller-gen's documentation writes it.
	//
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern="^(\\d+|\\d+%|)$"
	Port intstr.IntOrString `json:"port"`

	// MaxSurge is a number or a short percentage.
	//
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:MaxLength=4
	// +kubebuilder:validation:Pattern=`^[0-9]+%?$`
	// +optional
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`

	// Steps are numbers or percentages.
	//
	// +kubebuilder:validation:items:XIntOrString
	// +kubebuilder:validation:items:Pattern=`^[0-9]+%?$`
	// +optional
	Steps []intstr.IntOrString `json:"steps,omitempty"`
}
