// Package templates holds the text/template files that validation-gen renders its documentation
// with, embedded into the binary: tagreference.md.tmpl is the tag reference that --docs prints
// (package tags fills it from the tag registry and the formats table); reference/*.md.tmpl are the pages of docs/reference that package tags generates (the
// tags of each dialect, the formats, the CEL functions).
//
// The templates only lay out: every value arrives as finished Markdown (code spans quoted, table
// cells escaped), so no decision lives in a template.
package templates

import (
	"embed"
	"io"
	"text/template"
)

//go:embed *.md.tmpl reference/*.md.tmpl
var files embed.FS

var (
	tagReference = template.Must(template.ParseFS(files, "tagreference.md.tmpl"))
	reference    = template.Must(template.ParseFS(files, "reference/*.md.tmpl"))
)

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

// RenderReference writes the page name of docs/reference (tags.md, formats.md, ...) with its
// template, reference/<name>.tmpl, and data of the type that template documents: TagPage,
// FormatsPage or CELPage.
func RenderReference(w io.Writer, name string, data any) error {
	return reference.ExecuteTemplate(w, name+".tmpl", data)
}

// TagPage is the data of a dialect's tag page (reference/tags*.md.tmpl). Strings are Markdown.
type TagPage struct {
	Tags, TestTags []TagSection
	// Ignored lists other tools' tags that validation-gen ignores (the allow-list), as code spans
	// joined by ", "; only on the page of this project's tags.
	Ignored string
}

// TagSection documents one tag, under a heading whose GitHub fragment is Anchor.
type TagSection struct {
	Heading, Anchor string
	// Also lists the tag's other spellings, links where they belong to another dialect's page.
	Also                  string
	Scopes, AppliesTo     string
	Value                 string // "" when the tag takes none
	Params                []string
	OpenAPI, Doc, Example string
}

// FormatsPage is the data of reference/formats.md.tmpl, over the compatibility versions from
// Oldest to Newest.
type FormatsPage struct {
	Oldest, Newest string
	Formats        []FormatsRow
}

// FormatsRow is one format: Known says from which version the API server validates it, Fallback
// what is published for older servers (with --format-fallback). Cells are escaped.
type FormatsRow struct {
	Name, Aliases, Type, Description, Known, Fallback string
}

// CELPage is the data of reference/cel-functions.md.tmpl: the functions a new rule may call on an
// API server of version Newest (which compiles new rules at CEL version NewestCEL).
type CELPage struct {
	Oldest, Newest, NewestCEL string
	Functions                 []CELRow
}

// CELRow is one function: Since is the oldest compatibility version whose API server compiles it
// in a new rule ("every version" for Oldest), Overloads its number of overloads.
type CELRow struct {
	Name, Since string
	Overloads   int
}
