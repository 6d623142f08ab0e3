// Package util is no API package (no comment holds a tag of a tool that reads API types), but an
// API package's type holds one of its types (Gatekeeper's pkg/mutation/path/parser, reached from
// pkg/mutation/path/tester): its types are validated where they are reached, and nothing is
// written into it, in a run with the API package as in a run over it alone.
package util

// Path is a parsed path.
type Path struct {
	Segments []string `json:"segments"`
}
