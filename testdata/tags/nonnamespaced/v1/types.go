// Package v1 exercises +genclient:nonNamespaced: a cluster-scoped root kind. CRD generation needs
// a version package, hence the v1/ subfolder.
//
// +groupName=nonnamespaced.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Zone is cluster-scoped.
//
// +genclient
// +genclient:nonNamespaced
type Zone struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Region string `json:"region,omitempty"`
}
