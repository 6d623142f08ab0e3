// Package v1 is the newest version of Item; it is served but not stored.
//
// +groupName=storageversion.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Item has two versions; v1beta1 is stored.
type Item struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Count int32 `json:"count,omitempty"`
}
