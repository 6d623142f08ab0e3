package optionalandrequired

// Spec has fields that are both optional and required in Kubernetes' +k8s: dialect, which has no
// precedence between them (controller-gen's markers do: see testdata/tags/optional-required).
type Spec struct {
	// +k8s:optional
	// +required
	Name string `json:"name"`

	// +k8s:required
	// +optional
	Note string `json:"note"`
}
