// Package validateerror exercises the test-only tag k8s:validateError: generation always fails,
// with the tag's message, at the tag, and every such tag is reported.
//
// +k8s:validation-gen=*
package validateerror

// Spec carries the tag on the type and on a field.
//
// +k8s:validateError="types are not supported here"
type Spec struct {
	// +k8s:validateError="fields are not supported here"
	Name string `json:"name,omitempty"`
}
