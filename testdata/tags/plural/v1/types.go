// Package v1 exercises +plural: the resource name of a root kind. CRD generation needs a version
// package, hence the v1/ subfolder.
//
// +groupName=plural.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Person is served as people, which English plural rules would not give (persons).
//
// +plural=people
type Person struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Name string `json:"name,omitempty"`
}

// GatewayClass has no +plural: it is served as gatewayclasses, as client-gen names it.
type GatewayClass struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Controller string `json:"controller,omitempty"`
}

// BackendTLSPolicy has no +plural: it is served as backendtlspolicies.
type BackendTLSPolicy struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Hostname string `json:"hostname,omitempty"`
}
