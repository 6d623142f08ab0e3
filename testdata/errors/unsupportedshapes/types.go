package unsupportedshapes

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Spec has shapes and tags that generated validators could not honour.
type Spec struct {
	// A pointer to a pointer has no JSON meaning of its own.
	Name **string `json:"name,omitempty"`

	// +format=date-time
	Until *metav1.Time `json:"until,omitempty"`
}
