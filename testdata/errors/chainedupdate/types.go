// Package chainedupdate chains +k8s:update inside +k8s:eachVal, which is not supported yet.
package chainedupdate

type Spec struct {
	// +k8s:eachVal=+k8s:update=NoModify
	Labels map[string]string `json:"labels,omitempty"`
}
