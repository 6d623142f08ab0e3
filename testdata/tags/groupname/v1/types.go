// Package v1 exercises +groupName: the API group of the package's root kinds, read from the
// package doc comment. CRD generation needs a version package, hence the v1/ subfolder.
//
// +groupName=groupname.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a root kind: it embeds TypeMeta and has ObjectMeta as metadata.
type Thing struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Note string `json:"note,omitempty"`
}
