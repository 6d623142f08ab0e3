// Package v1 has a recursive type, as JSON-schema-like APIs do. A CRD schema cannot spell a type
// inside itself, but controller-gen does not descend into a value through a place whose schema is
// its markers only (Schemaless, or, for the recursive reference, XPreserveUnknownFields or
// XEmbeddedResource), and neither does validation-gen: the CRD is controller-gen's, and the
// generated validators stop there as the API server does.
//
// +groupName=recursive.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Schema is a kind holding a recursive schema.
//
// +kubebuilder:object:root=true
type Schema struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec JSONSchema `json:"spec"`
}

// JSONSchema is a recursive schema.
type JSONSchema struct {
	// +kubebuilder:validation:Enum=object;array;string
	// +optional
	Type string `json:"type,omitempty"`

	// Properties are free JSON: an empty schema, an object, unknown fields kept.
	//
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=object
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Properties map[string]JSONSchema `json:"properties,omitempty"`

	// Items is free JSON below this point, unknown fields kept.
	//
	// +kubebuilder:validation:XPreserveUnknownFields
	// +optional
	Items *JSONSchema `json:"items,omitempty"`

	// Not is an embedded resource below this point.
	//
	// +kubebuilder:validation:XEmbeddedResource
	// +kubebuilder:validation:XPreserveUnknownFields
	// +optional
	Not *JSONSchema `json:"not,omitempty"`

	// Size is checked here, whatever the depth the server checks it at.
	//
	// +kubebuilder:validation:Minimum=0
	// +optional
	Size *int32 `json:"size,omitempty"`
}
