// Package v1 has a configuration file type beside its kinds, as Envoy Gateway does: it has
// TypeMeta and no ObjectMeta, so controller-gen finds no kind in it and writes no CRD. A default
// that its field's schema refuses (here a field the struct does not have) is a warning there: no
// CRD carries it, and the API server never sees it; in a CRD it is an error (testdata/errors).
//
// +groupName=nocrd.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Config is read from a file.
//
// +kubebuilder:object:root=true
type Config struct {
	metav1.TypeMeta `json:",inline"`

	// logging has a default with a field Logging does not have.
	//
	// +optional
	// +kubebuilder:default={default: info}
	Logging *Logging `json:"logging,omitempty"`
}

// Logging sets log levels.
type Logging struct {
	// level by component.
	//
	// +optional
	Level map[string]string `json:"level,omitempty"`
}
