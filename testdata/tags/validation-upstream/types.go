// Package upstream shows kube-openapi's markers in a package written for Kubernetes'
// validation-gen: published as openapi-gen publishes them, not checked by the Go validators, which
// read the +k8s: validation-gen tags only, as upstream's do.
//
// +k8s:validation-gen=*
package upstream

// Widget has a marker and a validation-gen tag on each field.
// +k8s:validation:cel[0]:rule="self.name != self.alias"
// +k8s:validation:cel[0]:message="name and alias differ"
type Widget struct {
	// +k8s:validation:maxItems=1
	// +k8s:validation:items:maxLength=1
	// +k8s:validation:uniqueItems
	// +k8s:maxItems=2
	// +k8s:optional
	// +listType=atomic
	// +optional
	Names []string `json:"names,omitempty"`
	// +k8s:validation:maxLength=3
	// +k8s:maxLength=8
	// +k8s:optional
	// +optional
	Name string `json:"name,omitempty"`
	// +k8s:validation:minLength=2
	// +k8s:optional
	// +optional
	Alias string `json:"alias,omitempty"`
}
