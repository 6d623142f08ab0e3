// Package chainedupdate chains +k8s:update where it does not apply: inside +k8s:eachVal on
// elements that are lists themselves (not supported yet), and on map keys.
package chainedupdate

type Spec struct {
	// +k8s:eachVal=+k8s:update=NoAddItem
	Matrix [][]string `json:"matrix,omitempty"`

	// +k8s:eachKey=+k8s:update=NoModify
	Labels map[string]string `json:"labels,omitempty"`
}
