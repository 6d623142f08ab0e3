package api

// +k8s:supportsSubresource="status"
// +k8s:isSubresource="/scale"
// +k8s:isSubresource="/status"

// Widget is a kind.
type Widget struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}
