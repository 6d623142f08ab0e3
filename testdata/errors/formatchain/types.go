package formatchain

// Label is a DNS label.
//
// +format=k8s-short-name
type Label string

// Host says it is a subdomain, contradicting Label.
//
// +format=k8s-long-name
type Host = Label

// Spec uses the chain; the field adds a third format.
type Spec struct {
	Host Host `json:"host"`

	// +format=ipv4
	Label Label `json:"label"`

	// The same format twice is no conflict (k8s-short-name and its alias dns1123label).
	// +format=dns1123label
	Same Label `json:"same"`
}
