// Package v1 exercises a set of structs in a package written for Kubernetes' validation-gen, in a
// CRD: the API server accepts a +listType=set of objects or lists only when its items are atomic,
// which is what a set compares them as.
//
// +groupName=sets.example.com
// +k8s:validation-gen=*
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Shelf is a root kind.
type Shelf struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	// +k8s:listType=set
	Books []Book `json:"books,omitempty"`

	// +optional
	// +k8s:listType=set
	Rows [][]string `json:"rows,omitempty"`
}

// Book is compared as a whole.
type Book struct {
	Title   string   `json:"title"`
	Authors []string `json:"authors,omitempty"`
}
