// Package listmapkeyoptional has list maps keyed by optional fields, outside CRDs (which refuse an
// optional key without a default: testdata/errors/listmapkeyoptionalfield). Built-in APIs accept
// them, but server-side apply cannot merge items that omit such a key: a warning, unless the key
// has a default.
package listmapkeyoptional

// Port is an item of the list maps.
type Port struct {
	Name string `json:"name"`

	// +optional
	Protocol string `json:"protocol,omitempty"`

	// +optional
	// +default="tcp"
	Family string `json:"family,omitempty"`
}

// Spec holds the list maps.
type Spec struct {
	// Keyed by an optional field without a default: a warning.
	//
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	Ports []Port `json:"ports"`

	// Keyed by a required field and an optional one with a default: fine.
	//
	// +listType=map
	// +listMapKey=name
	// +listMapKey=family
	Families []Port `json:"families"`
}
