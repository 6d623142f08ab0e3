// Package v1 shows lists of pointers with nil items: encoding/json writes a nil item as null,
// which the API server rejects where the items' schema has a type (TypeInvalid at the item), so
// the generated validators report it too. So is a nil item of a list of maps or slices ([]byte
// included), whose other checks (a map type's +kubebuilder:validation:MinProperties, kro's
// forEach) the server does not run on null.
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

	// Dims are maps of one entry each.
	// +optional
	Dims []Dim `json:"dims,omitempty"`

	// Words are lists of strings.
	// +optional
	Words [][]string `json:"words,omitempty"`

	// Blobs are byte strings.
	// +optional
	Blobs [][]byte `json:"blobs,omitempty"`
}

// Dim binds one name.
//
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=1
type Dim map[string]string

// Book is an object without validation of its own.
type Book struct {
	Title string `json:"title,omitempty"`
}

// Notes is a list of pointers.
type Notes []*Book
