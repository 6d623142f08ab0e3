// Package defaultunknownfields has object defaults holding fields their schema lacks, in both
// dialects: the API server refuses such a CRD (defaults must be pruned), and the field could never
// be set anyway. Where the schema keeps unknown fields, they are fine.
package defaultunknownfields

import "k8s.io/apimachinery/pkg/runtime"

// Refs names what a holder refers to.
type Refs struct {
	// +optional
	ConfigMap string `json:"configMap,omitempty"`
	// +optional
	Inner *Inner `json:"inner,omitempty"`
}

// Inner is nested.
type Inner struct {
	// +optional
	Key string `json:"key,omitempty"`
}

// Holder holds the defaulted fields.
type Holder struct {
	// +kubebuilder:default={configMap: "a", secret: "b"}
	// +optional
	Marker *Refs `json:"marker,omitempty"`

	// +default={"configMap": "a", "inner": {"key": "k", "value": "v"}}
	// +optional
	Tag *Refs `json:"tag,omitempty"`

	// +kubebuilder:default={configMap: "a"}
	// +optional
	Fine *Refs `json:"fine,omitempty"`

	// Free JSON keeps whatever it is given.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:default={anything: 1}
	// +optional
	Free *runtime.RawExtension `json:"free,omitempty"`
}
