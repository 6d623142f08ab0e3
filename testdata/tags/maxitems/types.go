// Package maxitems exercises +maxItems on fields, named list types and alias chains.
//
// +groupName=maxitems.example.com
package maxitems

// Hosts is a named list type with a bound of its own.
//
// +maxItems=100
type Hosts []string

// FewHosts adds a tighter bound to Hosts: both accumulate and the tightest is published.
//
// +maxItems=5
type FewHosts = Hosts

// Cluster uses +maxItems in every place it may be written.
type Cluster struct {
	// Zones has a maximum item count on the field.
	// +maxItems=3
	Zones []string `json:"zones"`

	// Hosts takes its maximum (100) from the named type.
	Hosts Hosts `json:"hosts"`

	// Seeds has maximums 100 (Hosts), 5 (FewHosts) and 10 (the field): 5 is published.
	// +maxItems=10
	Seeds FewHosts `json:"seeds"`

	// Ports uses the +k8s: spelling.
	// +k8s:maxItems=16
	Ports []int32 `json:"ports,omitempty"`
}
