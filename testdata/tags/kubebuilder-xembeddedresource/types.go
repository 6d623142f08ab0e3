// Package kubebuilderxembeddedresource shows +kubebuilder:validation:XEmbeddedResource and its alias +kubebuilder:validation:EmbeddedResource.
package kubebuilderxembeddedresource

// Object is an embedded object.
type Object struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

// Holder holds the fields the markers are on.
type Holder struct {
	// Template is a whole object.
	//
	// +kubebuilder:validation:XEmbeddedResource
	Template Object `json:"template"`

	// Other is one too.
	//
	// +kubebuilder:validation:EmbeddedResource
	Other Object `json:"other"`
}
