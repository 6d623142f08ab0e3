// Package v1 of shop declares kind Order in group orders.example.com, version v1, as the other
// package does: one CRD cannot list version v1 twice (the API server refuses it), so both
// declarations are reported, each naming the other.
//
// +groupName=orders.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Order is an order.
type Order struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +maxLength=10
	Item string `json:"item"`
}
