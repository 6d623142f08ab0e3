package v1

import (
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Hosts is a list of host names, each checked with a regular expression.
type Hosts struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HostsSpec `json:"spec"`
}

// Hostname is a host name.
//
// +maxLength=253
type Hostname string

// HostsSpec holds the names.
type HostsSpec struct {
	// +maxItems=1024
	// +listType=atomic
	// +validationRule=`self.all(h, !h.contains('*') ? h.matches('^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)$') : true)`,message="hostnames must be valid"
	// +validationRule=`self.all(h, h.size() > 0)`,message="hostnames may not be empty"
	Hostnames []Hostname `json:"hostnames"`
}

// CELDiffObjects are a small and a large list: the large one (over the list's and the names'
// limits) costs the rule more than the per-call limit, which stops it on the API server.
func CELDiffObjects() map[string][]any {
	big := make([]Hostname, 4000)
	for i := range big {
		big[i] = Hostname(strings.Repeat("a", 1000))
	}
	return map[string][]any{
		"Hosts": {&Hosts{Spec: HostsSpec{Hostnames: []Hostname{"example.com", "Bad_Name"}}}, &Hosts{Spec: HostsSpec{Hostnames: big}}},
	}
}
