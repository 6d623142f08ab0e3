// Package v1 repeats +kubebuilder:resource on one kind, which controller-gen applies in turn: a
// path or a singular name replaces an earlier one only when given, while the short names, the
// categories and the scope are the last marker's, given or not. Split (path on one line, scope on
// the next, as Gatekeeper writes its kinds) means what it says; ScopeFirst's second marker undoes
// its scope, and Named's its short names, each with a warning. The CRDs are controller-gen's.
//
// +groupName=resourcerepeated.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Split is cluster-scoped, its plural "split".
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:path="split"
// +kubebuilder:resource:scope="Cluster"
type Split struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// ScopeFirst says Cluster first, then a path: controller-gen makes it Namespaced.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
// +kubebuilder:resource:path=scopefirsts,singular=scopefirst
type ScopeFirst struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Named has short names, then categories: controller-gen keeps only the categories.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=nm;nmd,scope=Cluster
// +kubebuilder:resource:categories=all,scope=Cluster
type Named struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
