// Package v1 shows required values of types that write their own JSON form and write null when
// they hold nothing (apiextensionsv1.JSON, runtime.RawExtension): the API server drops a null
// where the schema is not nullable, so such a value is missing, and the generated validators
// report it Required, as the server does.
//
// +groupName=nulljson.example.com
package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Setting is a root kind.
//
// +kubebuilder:object:root=true
type Setting struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds free-form values.
type Spec struct {
	// Value is required; its zero value is left out of the JSON (omitzero).
	// +required
	Value apiextensionsv1.JSON `json:"value,omitempty,omitzero"`

	// Config is required; its zero value is written as null.
	// +required
	Config runtime.RawExtension `json:"config"`

	// Extra is optional.
	// +optional
	Extra apiextensionsv1.JSON `json:"extra,omitempty,omitzero"`

	// Template is optional and has no tag: its schema, an object, is all that checks it.
	// +optional
	Template *runtime.RawExtension `json:"template,omitempty"`

	// Overrides are items with a required value.
	// +optional
	Overrides []Override `json:"overrides,omitempty"`
}

// Override has a name and a required value.
type Override struct {
	// +required
	Name string `json:"name"`
	// +required
	Value apiextensionsv1.JSON `json:"value,omitempty,omitzero"`
}
