// Package v1 declares the same validation keyword on fields and on their named types. controller-gen
// writes such a field as an allOf of the type's schema and the field's, flattened: what only one
// side declares, and a pattern or format both declare alike, stays; any other keyword both declare
// (a bound, an enum, a default) is written as allOf [{the type's}, {the field's}], even when the
// values are equal (prometheus-operator's ScrapeConfig does so with an enum).
//
// +groupName=allof.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Service is one of two services.
// +kubebuilder:validation:Enum=VPS;DedicatedServer
type Service string

// Name is short.
// +kubebuilder:validation:MaxLength=10
// +kubebuilder:validation:Pattern=`^[a-z]+$`
type Name string

// Port is a port number.
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
type Port int32

// Config is a root kind.
//
// +kubebuilder:object:root=true
type Config struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec holds the fields.
type Spec struct {
	// service repeats its type's enum: allOf, as controller-gen writes it.
	// +kubebuilder:validation:Enum=VPS;DedicatedServer
	// +optional
	Service Service `json:"service,omitempty"`

	// source lists a value its type does not (Envoy Gateway's wasm code type): a value in neither
	// list fails both enums of the allOf, and the API server reports it twice, with each list, as
	// do the validators.
	// +kubebuilder:validation:Enum=VPS;DedicatedServer;Cloud
	// +optional
	Source Service `json:"source,omitempty"`

	// name has a tighter maximum length and the same pattern: the length in allOf, one pattern.
	// +kubebuilder:validation:MaxLength=5
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	// +optional
	Name Name `json:"name,omitempty"`

	// port has a default only: nothing in allOf.
	// +kubebuilder:default=80
	// +optional
	Port Port `json:"port,omitempty"`

	// admin has a higher minimum: both minimums in allOf, the type's maximum stays.
	// +kubebuilder:validation:Minimum=1024
	// +optional
	Admin Port `json:"admin,omitempty"`
}
