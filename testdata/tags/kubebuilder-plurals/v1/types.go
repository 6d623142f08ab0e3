// Package v1 has kinds whose English plurals are irregular. controller-gen names their resources
// with its pluraliser (indices, people); so does validation-gen for a package written for
// controller-gen, so that switching tools keeps the resource. (client-gen's pluraliser, used for
// the other dialects, says indexes and persons.)
//
// +groupName=plurals.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Index is a kind.
//
// +kubebuilder:object:root=true
type Index struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Person is a kind.
//
// +kubebuilder:object:root=true
type Person struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
