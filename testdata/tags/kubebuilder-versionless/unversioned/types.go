// Package unversioned is an internal version written for controller-gen, without a +groupName:
// controller-gen writes _assigns.yaml for its kind, with an empty group the API server refuses;
// validation-gen writes none, with a warning.
package unversioned

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Assign is the internal form of a kind.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
type Assign struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
