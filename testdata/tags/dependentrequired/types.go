// Package dependentrequired exercises +k8s:dependentRequired: a field that needs a sibling.
//
// +k8s:validation-gen=*
package dependentrequired

// Auth needs a secret when it has a user, and both a port and hosts when it has a proxy.
type Auth struct {
	// +k8s:optional
	// +k8s:dependentRequired("secret")
	User string `json:"user,omitempty"`
	// +k8s:optional
	Secret *string `json:"secret,omitempty"`

	// +k8s:optional
	// +k8s:dependentRequired("port")
	// +k8s:dependentRequired("hosts")
	Proxy map[string]string `json:"proxy,omitempty"`
	// +k8s:optional
	Port int32 `json:"port,omitempty"`
	// +k8s:optional
	Hosts []string `json:"hosts,omitempty"`
}

// Holder adds a dependency between fields of a value it holds.
type Holder struct {
	// +k8s:subfield(port)=+k8s:dependentRequired("user")
	Auth Auth `json:"auth"`
}
