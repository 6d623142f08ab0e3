// +groupName=storageversiontwice.example.com
package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Item is marked as the storage version here and in v1.
//
// +storageversion
type Item struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
