// Package v1 has kinds marked with client-gen's +genclient:nonNamespaced. controller-gen does not
// read it: a CRD is cluster-scoped only with +kubebuilder:resource:scope=Cluster. The CRDs are
// controller-gen's for the same input; the kind with client-gen's marker alone is a warning.
//
// +groupName=scope.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget says client-gen's marker only: Namespaced, as controller-gen writes it.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Size int32 `json:"size,omitempty"`
}

// Widget says both: Cluster.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Size int32 `json:"size,omitempty"`
}
