// Package maptype exercises +mapType: atomic and granular maps, on fields and named types.
//
// +groupName=maptype.example.com
package maptype

// Selector is a named map type that is atomic wherever it is used.
//
// +mapType=atomic
type Selector map[string]string

// Maps shows each map type.
type Maps struct {
	// Labels merge entry by entry.
	// +mapType=granular
	Labels map[string]string `json:"labels"`

	// NodeSelector is replaced as a whole.
	// +mapType=atomic
	NodeSelector map[string]string `json:"nodeSelector"`

	// Selector takes its map type from the named type.
	Selector Selector `json:"selector"`
}
