// +groupName=recursivecrd.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Tree is a root kind whose spec contains itself.
type Tree struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TreeSpec `json:"spec"`
}

// TreeSpec holds the root node.
type TreeSpec struct {
	Root Node `json:"root"`
}

// Node refers to itself through a slice of children and, indirectly, through a pointer.
type Node struct {
	Value    string  `json:"value"`
	Children []Node  `json:"children,omitempty"`
	Link     *Branch `json:"link,omitempty"`
}

// Branch leads back to Node.
type Branch struct {
	Next *Node `json:"next,omitempty"`
}
