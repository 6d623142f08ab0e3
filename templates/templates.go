// Package templates holds the text/template files that validation-gen renders its documentation
// with, embedded into the binary: tagreference.md.tmpl is the tag reference that --docs prints and
// that the README's tag table is (package tags fills it from the tag registry and the formats
// table).
//
// The templates only lay out: every value arrives as finished Markdown (code spans quoted, table
// cells escaped), so no decision lives in a template.
package templates

import (
	"embed"
	"io"
	"text/template"
)

//go:embed *.md.tmpl
var files embed.FS

var tagReference = template.Must(template.ParseFS(files, "tagreference.md.tmpl"))

// TagReference is the data of tagreference.md.tmpl. Every string is Markdown, escaped for the
// table cell it goes into.
type TagReference struct {
	// Compat is the --compatibility-version the formats and functions are listed for, and
	// CELVersion the CEL compatibility version with which that API server compiles new rules.
	Compat, CELVersion string
	Tags               []TagRow
	// TestTags are the test-only tags (listed apart; a warning outside test packages).
	TestTags []TagRow
	Formats  []FormatRow
	// Functions lists the CEL functions available at CELVersion, as code spans joined by ", ".
	Functions string
}

// TagRow is one tag of the registry.
type TagRow struct {
	Name, Aliases, Scopes, AppliesTo, Value, Params, OpenAPI, Description, Example string
}

// FormatRow is one format of the formats table, with how it is published at Compat.
type FormatRow struct {
	Name, Aliases, Type, Description, PublishedAs string
}

// RenderTagReference writes the tag reference.
func RenderTagReference(w io.Writer, data TagReference) error {
	return tagReference.Execute(w, data)
}
