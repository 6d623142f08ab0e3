// Package formatcompat133 exercises +format at compatibility version 1.33 (compat.txt), whose
// API servers know neither k8s-short-name nor k8s-long-name: both fall back.
//
// +groupName=formatcompat133.example.com
package formatcompat133

// Names shows the fallbacks of the Kubernetes name formats at 1.33.
type Names struct {
	// Name is published as the pattern of k8s-short-name.
	// +format=k8s-short-name
	Name string `json:"name"`

	// Host is published as the CEL rule of k8s-long-name.
	// +format=k8s-long-name
	Host string `json:"host"`

	// Address is a format of the OpenAPI registry, known to every version.
	// +format=ipv4
	Address string `json:"address"`
}
