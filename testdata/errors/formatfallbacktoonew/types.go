// Package formatfallbacktoonew targets an API server (1.30) that does not know k8s-ip and whose CEL
// environment for new rules (1.29) lacks isIP(), which the format's fallback rule needs.
package formatfallbacktoonew

// Spec has an address.
type Spec struct {
	// +format=k8s-ip
	// +optional
	Address string `json:"address,omitempty"`
}
