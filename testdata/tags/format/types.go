// Package format exercises +format at compatibility version 1.37: formats the API server knows
// are published as format; others fall back to an equivalent pattern or CEL rule.
//
// +groupName=format.example.com
package format

// Label is a named type with a format the API server knows at 1.37.
//
// +format=k8s-short-name
type Label string

// ShortLabel adds a length to Label; the format comes along the chain.
//
// +maxLength=15
type ShortLabel = Label

// Formats shows each way a format is published.
type Formats struct {
	// Name has a format the API server knows: published as format.
	// +format=k8s-short-name
	Name string `json:"name"`

	// Host uses the seed's spelling dns1123subdomain of k8s-long-name, which 1.37 knows.
	// +format=dns1123subdomain
	Host string `json:"host"`

	// Value has a format the API server does not know and that a pattern expresses: published as
	// pattern.
	// +format=k8s-label-value
	Value string `json:"value"`

	// Key has a format that only a CEL rule expresses: published as x-kubernetes-validations.
	// +format=k8s-label-key
	Key string `json:"key"`

	// Prefixed already has a pattern, so the fallback of k8s-label-value becomes a CEL rule.
	// +pattern=`^x-`
	// +format=k8s-label-value
	Prefixed string `json:"prefixed"`

	// Label takes its format from the named type.
	Label Label `json:"label"`

	// Short takes its format from Label and its length from ShortLabel.
	Short ShortLabel `json:"short"`

	// ID uses the +k8s: spelling, on a pointer.
	// +k8s:format=k8s-uuid
	ID *string `json:"id,omitempty"`

	// Address is a format of the OpenAPI registry.
	// +format=ipv4
	Address string `json:"address,omitempty"`
}
