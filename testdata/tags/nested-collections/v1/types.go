// Package v1 has collections of collections, as external-secrets' PushSecret status has a map of
// maps of structs: the generated validators check the innermost values and report their errors at
// both keys or indexes.
//
// +groupName=nested.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Holder is a kind.
//
// +kubebuilder:object:root=true
type Holder struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec HolderSpec `json:"spec"`
}

// Mode is how an item is used.
//
// +kubebuilder:validation:Enum=None;Reverse
type Mode string

// Item is an innermost value.
type Item struct {
	// value is short.
	// +kubebuilder:validation:MaxLength=3
	// +optional
	Value string `json:"value,omitempty"`

	// mode is one of two.
	// +optional
	Mode Mode `json:"mode,omitempty"`
}

// ItemsByStore is a map of maps, named as external-secrets names its own.
type ItemsByStore map[string]map[string]Item

// HolderSpec is the desired state.
type HolderSpec struct {
	// byStore holds items by store and by name.
	// +optional
	ByStore ItemsByStore `json:"byStore,omitempty"`

	// byName holds items by name and by key.
	// +optional
	ByName map[string]map[string]Item `json:"byName,omitempty"`

	// rows are lists of items.
	// +optional
	// +listType=atomic
	Rows [][]Item `json:"rows,omitempty"`

	// groups are lists of maps of items.
	// +optional
	// +listType=atomic
	Groups []map[string][]Item `json:"groups,omitempty"`
}
