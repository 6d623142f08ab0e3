// Package minitems exercises +minItems on fields, named list types and alias chains.
//
// +groupName=minitems.example.com
package minitems

// Hosts is a named list type with a bound of its own.
//
// +minItems=1
type Hosts []string

// Quorum adds a tighter bound to Hosts: both accumulate and the tightest is published.
//
// +minItems=3
type Quorum = Hosts

// Cluster uses +minItems in every place it may be written.
type Cluster struct {
	// Zones has a minimum item count on the field.
	// +minItems=2
	Zones []string `json:"zones"`

	// Hosts takes its minimum (1) from the named type.
	Hosts Hosts `json:"hosts"`

	// Voters has minimums 1 (Hosts), 3 (Quorum) and 2 (the field): 3 is published.
	// +minItems=2
	Voters Quorum `json:"voters"`

	// Ports uses the +k8s: spelling.
	// +k8s:minItems=1
	Ports []int32 `json:"ports,omitempty"`
}
