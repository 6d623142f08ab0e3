// Package v1 holds kube-openapi's +k8s:validation: markers in a root kind, so that its behaviour
// file can hold the generated Go validators against the API server's validation of the published
// schema (the CRD): the same errors, type and field, for every case.
//
// +groupName=validationequivalence.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is a root kind.
//
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec carries the markers.
// +k8s:validation:cel[0]:rule="!has(self.low) || !has(self.high) || self.low <= self.high"
// +k8s:validation:cel[0]:message="low must not exceed high"
// +k8s:validation:cel[0]:fieldPath=".low"
type Spec struct {
	// +k8s:validation:minimum=-5
	// +k8s:validation:maximum=100
	// +k8s:validation:multipleOf=5
	// +optional
	Low *int32 `json:"low,omitempty"`
	// +k8s:validation:minimum=0
	// +k8s:validation:exclusiveMinimum
	// +k8s:validation:maximum=1000
	// +optional
	High *int32 `json:"high,omitempty"`
	// +k8s:validation:minLength=2
	// +k8s:validation:maxLength=16
	// +k8s:validation:pattern>^[a-z]+$
	// +k8s:validation:cel[0]:rule="self != 'forbidden'"
	// +k8s:validation:cel[0]:message="this name is reserved"
	// +k8s:validation:cel[0]:reason="FieldValueForbidden"
	// +optional
	Name string `json:"name,omitempty"`
	// +k8s:validation:maxItems=3
	// +k8s:validation:items:maxLength=4
	// +k8s:validation:items:cel[0]:rule="self != 'x'"
	// +k8s:validation:items:cel[0]:message="not x"
	// +listType=atomic
	// +optional
	Codes []string `json:"codes,omitempty"`
	// +k8s:validation:maxProperties=2
	// +k8s:validation:additionalProperties:minLength=1
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:validation:properties:kind:maxLength=5
	// +optional
	Ref *Ref `json:"ref,omitempty"`
}

// Ref is a struct Spec.Ref bounds a field of.
type Ref struct {
	// +optional
	Kind string `json:"kind,omitempty"`
}
