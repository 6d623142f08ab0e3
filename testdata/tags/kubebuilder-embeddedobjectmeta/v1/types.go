// Package v1 shows --generate-embedded-object-meta (controller-gen's
// crd:generateEmbeddedObjectMeta=true): object metadata in a template keeps name, namespace,
// labels, annotations and finalizers, which the API server would otherwise prune.
//
// +groupName=embeddedobjectmeta.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Pool is a kind.
//
// +kubebuilder:object:root=true
type Pool struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Template is for the members.
	// +optional
	Template *MemberTemplate `json:"template,omitempty"`
}

// MemberTemplate has object metadata.
type MemberTemplate struct {
	// Metadata of the members.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Replicas of the members.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}
