// Package v1 shows the minimum sizes of a custom resource as the API server reports them: a
// struct type whose declaration sets +kubebuilder:validation:MinProperties, used as the items of
// a list, as the values of a map and as a field; a map with MinProperties and a list with
// MinItems. The generated validators report a value below its minimum as TooFew, at the value
// (an item is at its index), in the keyword's unit: properties or items.
//
// +groupName=minsize.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Rack is a root kind.
//
// +kubebuilder:object:root=true
type Rack struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds the values with minimum sizes.
type Spec struct {
	// Selectors are items whose type requires one of its fields.
	// +optional
	Selectors []Selector `json:"selectors,omitempty"`

	// Named are map values whose type requires one of its fields.
	// +optional
	Named map[string]Selector `json:"named,omitempty"`

	// Default is a field whose type requires one of its fields.
	// +optional
	Default *Selector `json:"default,omitempty"`

	// Tags has at least two entries when set.
	// +kubebuilder:validation:MinProperties=2
	// +optional
	Tags map[string]string `json:"tags,omitempty"`

	// Slots has at least two items when set.
	// +kubebuilder:validation:MinItems=2
	// +optional
	Slots []string `json:"slots,omitempty"`
}

// Selector selects by name, by label or both: at least one must be set.
//
// +kubebuilder:validation:MinProperties=1
type Selector struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Label string `json:"label,omitempty"`
}
