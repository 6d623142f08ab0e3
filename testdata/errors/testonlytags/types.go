// Package testonlytags uses test-only tags in a run without --test-tags.
package testonlytags

type Spec struct {
	// +k8s:validateFalse="never in a real API"
	Name string `json:"name"`

	// +k8s:validateTrue
	Count int32 `json:"count"`
}
