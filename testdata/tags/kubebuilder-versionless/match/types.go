// Package match is written for controller-gen and has a +groupName, but its name is no Kubernetes
// version: controller-gen serves its kinds under the package's name (version "match", which the
// API server accepts), and so does validation-gen. Gatekeeper publishes such a CRD to hold the
// schema of its Match type.
//
// +groupName=match.example.com
package match

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Match selects objects.
type Match struct {
	// Kinds are the kinds matched.
	// +kubebuilder:validation:MaxItems=8
	Kinds []string `json:"kinds,omitempty"`
}

// DummyCRD holds a Match: a kind as controller-gen finds one, without +kubebuilder:object:root.
// +kubebuilder:resource:path="matchcrd"
type DummyCRD struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Match `json:"embeddedMatch,omitempty"`
}
