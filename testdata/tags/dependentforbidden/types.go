// Package dependentforbidden exercises +k8s:dependentForbidden: a field that excludes a sibling.
//
// +k8s:validation-gen=*
package dependentforbidden

// Source cannot have a URL with inline data, nor inline data with a checksum.
type Source struct {
	// +k8s:optional
	// +k8s:dependentForbidden("inline")
	URL *string `json:"url,omitempty"`
	// +k8s:optional
	// +k8s:dependentForbidden("checksum")
	Inline []byte `json:"inline,omitempty"`
	// +k8s:optional
	Checksum string `json:"checksum,omitempty"`
}
