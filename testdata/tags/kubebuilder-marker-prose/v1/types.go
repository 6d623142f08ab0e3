// Package v1 writes prose after presence markers, as external-secrets does: controller-tools reads
// the whole line as a marker name it does not know, and ignores the line (and leaves it out of the
// description). Each is a warning and is ignored here too, so the field's presence comes from its
// json tag, as for controller-gen.
//
// +groupName=prose.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Server is a kind.
//
// +kubebuilder:object:root=true
type Server struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ServerSpec `json:"spec"`
}

// ServerSpec configures a server.
type ServerSpec struct {
	// +required - the API's URL. https://example.com:443/api.
	APIURL string `json:"apiUrl"`
	// +optional - the API version; 3.0 when unset.
	APIVersion string `json:"apiVersion,omitempty"`
	// Method is the HTTP method.
	// +optional, default GET
	Method string `json:"method,omitempty"`
	// +required - omitempty makes it optional for controller-gen, which ignores this line.
	Proxy string `json:"proxy,omitempty"`
}
