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

// Images has rules over strings and a list without size limits, as real CRDs often have: CEL's
// estimate bounds them by the request size, over the per-call limit, so they run compiled to Go
// for values within limits the generator picks, and in cel-go beyond.
type Images struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ImagesSpec `json:"spec"`
}

// ImagesSpec holds an image and some tags.
type ImagesSpec struct {
	// +optional
	// +validationRule=`self.matches('^[a-zA-Z0-9._-]+(:[0-9]+)?(/[a-zA-Z0-9._/-]+)?(:[a-zA-Z0-9._-]+)?(@sha256:[a-z0-9]+)?$')`,message="image must name a tag"
	Image string `json:"image,omitempty"`
	// +optional
	// +listType=atomic
	// +validationRule=`self.all(t, t.size() < 64)`,message="tags are short"
	Tags []string `json:"tags,omitempty"`
}

// CELDiffObjects are small and large values: the large ones (over the limits of the list and the
// names, or the limit the generator picks for an unbounded string) cost the rule more than the
// per-call limit, which stops it on the API server.
func CELDiffObjects() map[string][]any {
	big := make([]Hostname, 4000)
	for i := range big {
		big[i] = Hostname(strings.Repeat("a", 1000))
	}
	long := strings.Repeat("a", 600000)
	return map[string][]any{
		"Images": {&Images{Spec: ImagesSpec{Image: "nginx:1.27", Tags: []string{"v1", strings.Repeat("v", 64)}}}, &Images{Spec: ImagesSpec{Image: "repo/" + long}},
			&Images{Spec: ImagesSpec{Image: long + "!"}}},
		"Hosts": {&Hosts{Spec: HostsSpec{Hostnames: []Hostname{"example.com", "Bad_Name"}}}, &Hosts{Spec: HostsSpec{Hostnames: big}}},
	}
}
