// Package v1 shows the schemas controller-gen writes for apimachinery's types and for types of
// k8s.io/api it embeds: resource.Quantity's pattern, no description of those types where a
// field has no doc comment, the atomic map type an inline-embedded +structType=atomic struct
// brings (LocalObjectReference in EnvFromSource's ConfigMapEnvSource), object metadata in a
// template as a plain object, an empty struct as an object with no properties, and none of
// k8s.io/api's +enum, +default=ref(...) or +k8s: tags (Toleration's effect, ...), which
// controller-gen does not read.
//
// +groupName=knowntypes.example.com
package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Pool is a kind.
//
// +kubebuilder:object:root=true
type Pool struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec PoolSpec `json:"spec"`
}

// PoolSpec is the desired state.
type PoolSpec struct {
	Size resource.Quantity `json:"size"`
	// +optional
	Port *intstr.IntOrString `json:"port,omitempty"`
	// +optional
	Since *metav1.Time `json:"since,omitempty"`
	// +optional
	Every *metav1.Duration `json:"every,omitempty"`
	// Config is free-form.
	// +optional
	Config *runtime.RawExtension `json:"config,omitempty"`
	// Marker has no fields.
	// +optional
	Marker *Empty `json:"marker,omitempty"`
	// +optional
	Limits corev1.ResourceList `json:"limits,omitempty"`
	// +optional
	EnvFrom []corev1.EnvFromSource `json:"envFrom,omitempty"`
	// +optional
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`
	// Template is for the members.
	// +optional
	Template *MemberTemplate `json:"template,omitempty"`
}

// Empty has no fields.
type Empty struct{}

// MemberTemplate has object metadata.
type MemberTemplate struct {
	// Metadata of the members.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Replicas of the members.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}
