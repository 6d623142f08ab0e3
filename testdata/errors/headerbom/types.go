// Package headerbom shows a --go-header-file with a byte order mark (U+FEFF) after its start, as
// an editor leaves one when two files saved with marks are joined: Go allows the mark only at the
// start of a file, so every generated file would fail to build. (A mark at the start of the header
// is dropped.) Nothing is written.
package headerbom

// Widget is a widget.
type Widget struct {
	// +maxLength=10
	Name string `json:"name"`
}
