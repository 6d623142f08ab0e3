package unsupportedshapes

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Spec has shapes and tags that generated validators could not honour.
type Spec struct {
	// A pointer to a pointer has no JSON meaning of its own.
	Name **string `json:"name,omitempty"`

	// metav1.Time is a string in the schema but a struct in Go.
	// +maxLength=30
	Since metav1.Time `json:"since"`

	// +format=date-time
	Until *metav1.Time `json:"until,omitempty"`

	// +pattern=`^[0-9]+s$`
	Timeout metav1.Duration `json:"timeout"`
}
