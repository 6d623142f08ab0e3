// Package uniondeprecated exercises +unionDeprecated: in a struct without +union, the fields that
// carry it form one union with the +unionDiscriminator field, published as x-kubernetes-unions
// (never in CRDs).
package uniondeprecated

// Source is an old-style union.
type Source struct {
	// Kind says which member is set.
	// +unionDiscriminator
	// +optional
	Kind string `json:"kind,omitempty"`
	// +unionDeprecated
	// +optional
	Secret *string `json:"secret,omitempty"`
	// +unionDeprecated
	// +optional
	ConfigMap *string `json:"configMap,omitempty"`
	// Other is no member.
	// +optional
	Other string `json:"other,omitempty"`
}
