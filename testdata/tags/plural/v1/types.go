// Package v1 exercises +plural: the resource name of a root kind. CRD generation needs a version
// package, hence the v1/ subfolder.
//
// +groupName=plural.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Policy is served as policies, not policys.
//
// +plural=policies
type Policy struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Rule string `json:"rule,omitempty"`
}
