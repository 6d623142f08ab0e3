// Package v1 shows lists of pointers with nil items: encoding/json writes a nil item as null,
// which the API server rejects where the items' schema has a type (TypeInvalid at the item), so
// the generated validators report it too.
//
// +groupName=nullitems.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Shelf is a root kind.
//
// +kubebuilder:object:root=true
type Shelf struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds lists of pointers.
type Spec struct {
	// Books are objects; their own fields have no tags.
	// +optional
	Books []*Book `json:"books,omitempty"`

	// Titles are strings.
	// +optional
	Titles []*string `json:"titles,omitempty"`

	// Stacks are lists of lists of objects: a nil item in an inner list too.
	// +optional
	Stacks [][]*Book `json:"stacks,omitempty"`

	// Notes is a named list type of pointers.
	// +optional
	Notes Notes `json:"notes,omitempty"`
}

// Book is an object without validation of its own.
type Book struct {
	Title string `json:"title,omitempty"`
}

// Notes is a list of pointers.
type Notes []*Book
