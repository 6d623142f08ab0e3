// Package v1 has a group with capitals and a kind whose plural and short name hold underscores:
// controller-gen writes such a CRD, and the API server refuses it.
//
// +groupName=Example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:resource:path=big_things,shortName=b_t
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
