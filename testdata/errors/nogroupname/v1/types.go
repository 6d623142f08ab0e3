// Package v1 forgets +groupName.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a root kind without an API group.
type Thing struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
