// Package v1 has +kubebuilder:validation:Type="" on a type that marshals any JSON value it holds
// (Gatekeeper's Anything): controller-gen writes its schema without a type, and so does
// validation-gen; the generated validators check nothing of such a value. A field of that type is
// published as controller-gen publishes it: Schemaless with x-kubernetes-preserve-unknown-fields
// (Gatekeeper's shape), or the type's schema with x-kubernetes-preserve-unknown-fields.
//
// +groupName=typeempty.example.com
package v1

import (
	"encoding/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Anything holds any JSON value.
//
// +kubebuilder:validation:Type=""
type Anything struct {
	Value interface{} `json:"-"`
}

// UnmarshalJSON reads any JSON value.
func (in *Anything) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &in.Value) }

// MarshalJSON writes the value held.
func (in Anything) MarshalJSON() ([]byte, error) { return json.Marshal(in.Value) }

// Assign sets a value.
//
// +kubebuilder:object:root=true
type Assign struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AssignSpec `json:"spec,omitempty"`
}

// AssignSpec holds the values.
type AssignSpec struct {
	// Value is assigned as it is.
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Value *Anything `json:"value,omitempty"`

	// Default is used when nothing else is.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Default *Anything `json:"default,omitempty"`
}
