// Package helper has no tag at all, as a module's helper packages (a registry, builders) that a
// run over ./... reaches: no tool that reads API types generates anything for it, in the joint
// run or in its own, where a warning says so.
package helper

// Builder has fields without omitempty, which would be required if this were an API package.
type Builder struct {
	Name   string   `json:"name"`
	Labels []string `json:"labels"`
}
