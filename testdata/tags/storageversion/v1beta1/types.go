// Package v1beta1 is the older version of Item; +storageversion makes it the stored one
// although v1 is more stable.
//
// +groupName=storageversion.example.com
package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Item has two versions; this one is stored.
//
// +storageversion
type Item struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Count int32 `json:"count,omitempty"`
}
