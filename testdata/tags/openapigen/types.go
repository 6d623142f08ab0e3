package openapigen

// Widget carries an extension of its own.
//
// +k8s:openapi-gen=x-kubernetes-group-version-kind:example.com/v1
type Widget struct {
	// Name carries one too.
	// +k8s:openapi-gen=x-kubernetes-member-tag:name
	Name string `json:"name"`

	// Cache is not in the JSON's schema.
	// +k8s:openapi-gen=false
	Cache string `json:"cache,omitempty"`
}

// Internal gets no definition.
//
// +k8s:openapi-gen=false
type Internal struct {
	Count int32 `json:"count"`
}
