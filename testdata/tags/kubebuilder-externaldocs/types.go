// Package kubebuilderexternaldocs shows +kubebuilder:externalDocs on a type and on a field.
package kubebuilderexternaldocs

// Route is a route.
//
// +kubebuilder:externalDocs:url="https://gateway-api.sigs.k8s.io/api-types/httproute/"
type Route struct {
	Name string `json:"name"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Route is documented by its type.
	Route Route `json:"route"`

	// Path is documented here.
	//
	// +kubebuilder:externalDocs:url="https://example.com/paths",description="path syntax"
	Path string `json:"path"`
}
