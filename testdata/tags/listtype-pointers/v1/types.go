// Package v1 has list maps and sets of pointers, as Envoy Gateway's ext_auth has a list map of
// *ContextExtension: controller-gen writes the same schema as for values, and the generated
// validators compare the items a nil item aside (null, which the API server refuses).
//
// +groupName=ptrlists.example.com
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

// Extension is a list map item.
type Extension struct {
	// name is the key.
	Name string `json:"name"`
	// value is short.
	// +kubebuilder:validation:MaxLength=3
	// +optional
	Value string `json:"value,omitempty"`
}

// HolderSpec is the desired state.
type HolderSpec struct {
	// extensions by name.
	//
	// +optional
	// +listType=map
	// +listMapKey=name
	Extensions []*Extension `json:"extensions,omitempty"`

	// names are distinct.
	//
	// +optional
	// +listType=set
	Names []*string `json:"names,omitempty"`
}
