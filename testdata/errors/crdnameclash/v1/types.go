// Package v1 declares three kinds whose CRDs share names in group clash.example.com: Alpha takes
// Beta's plural, Gamma takes Beta's singular as its plural. The API server's naming controller
// accepts only one CRD per name (plurals, singulars and short names are one name space), so the
// other kind would never be served: both declarations of each clash are reported.
//
// +groupName=clash.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Alpha is a kind.
//
// +plural=betas
type Alpha struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Beta is a kind.
type Beta struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Gamma is a kind.
//
// +plural=beta
type Gamma struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
