// Package headerbuildlines shows a --go-header-file with two //go:build lines: Go allows one per
// file, so every generated file would fail to build. (One //go:build line, or +build lines, are
// merged into the generated files' own constraint.) Nothing is written.
package headerbuildlines

// Widget is a widget.
type Widget struct {
	// +maxLength=10
	Name string `json:"name"`
}
