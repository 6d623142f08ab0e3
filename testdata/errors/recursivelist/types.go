// Package recursivelist has named list and map types that contain themselves without a struct in
// between: no schema can describe them, and no validator can be written for them.
package recursivelist

// Tree is a list of trees.
type Tree []Tree

// Forest maps names to forests.
type Forest map[string]Forest

// Spec uses them.
type Spec struct {
	// +optional
	Tree   Tree   `json:"tree,omitempty"`
	Forest Forest `json:"forest,omitempty"`
}
