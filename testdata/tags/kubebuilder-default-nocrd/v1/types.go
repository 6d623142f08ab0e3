// Package v1 has a configuration file type beside its kinds, as Envoy Gateway does: it has
// TypeMeta and no ObjectMeta, so controller-gen finds no kind in it and writes no CRD. A default
// that its field's schema refuses (here a field the struct does not have) is a warning there: no
// CRD carries it, and the API server never sees it; in a CRD it is an error (testdata/errors). So is
// a rule whose estimated cost is over the API server's limit there (Envoy Gateway's extension
// managers): no server estimates it.
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

	// managers are not limited in number.
	//
	// +optional
	Managers []Manager `json:"managers,omitempty"`
}

// Manager is reached at a host or a path.
//
// +kubebuilder:validation:XValidation:rule="has(self.host) ? self.host.matches('^a.*b$') : self.path.startsWith('/')",message="a host or a path"
type Manager struct {
	// +optional
	Host string `json:"host,omitempty"`
	// +optional
	Path string `json:"path,omitempty"`
}

// Logging sets log levels.
type Logging struct {
	// level by component.
	//
	// +optional
	Level map[string]string `json:"level,omitempty"`
}
