package manifest

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Formats are the output formats of WriteReport, the values of `validate -o`.
var Formats = []string{"text", "json", "junit", "sarif"}

// WriteReport writes a report in one of Formats.
func WriteReport(w io.Writer, r *Report, format string) error {
	switch format {
	case "text":
		return writeText(w, r)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "junit":
		return writeJUnit(w, r)
	case "sarif":
		return writeSARIF(w, r)
	}
	return fmt.Errorf("unknown output format %q (one of %s)", format, strings.Join(Formats, ", "))
}

// writeText writes one line per error and warning, compiler-style, in document order:
//
//	FILE:LINE:COL: FIELD: MESSAGE
//	FILE:LINE:COL: warning: FIELD: MESSAGE
//
// A valid document without warnings writes nothing.
func writeText(w io.Writer, r *Report) error {
	var b strings.Builder
	for _, d := range r.Documents {
		for _, is := range d.Errors {
			b.WriteString(textLine(d, is, ""))
		}
		for _, is := range d.Warnings {
			b.WriteString(textLine(d, is, "warning: "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func textLine(d Document, is Issue, prefix string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s", d.File, is.Line, is.Column, prefix)
	b.WriteString(is.Text())
	b.WriteString("\n")
	return b.String()
}

// Text is the issue in one line, without its position: "FIELD: MESSAGE" for a field error, the
// server's message for the others, with the first occurrence of a duplicate field and the
// AfterDecodingError mark.
func (is Issue) Text() string {
	var b strings.Builder
	switch is.Type {
	case TypeUnknownField, TypeDuplicateField, TypeDecoding, TypeNoSchema, TypeRequest, TypeWarning:
		b.WriteString(is.Detail)
	default:
		if is.Field != "" {
			b.WriteString(is.Field + ": ")
		}
		b.WriteString(is.Message)
	}
	for i, p := range is.Related {
		if i == 0 {
			b.WriteString(" (first at ")
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "line %d", p.Line)
		if i == len(is.Related)-1 {
			b.WriteString(")")
		}
	}
	if is.AfterDecodingError {
		b.WriteString(" [after the decoding error: the server would not report this]")
	}
	return b.String()
}

// Summary is one line about the report: documents, invalid ones, errors and warnings.
func (r *Report) Summary() string {
	invalid, unchecked, errs, warns := 0, 0, 0, 0
	for _, d := range r.Documents {
		if !d.Valid {
			invalid++
		}
		if !d.Checked {
			unchecked++
		}
		errs += len(d.Errors)
		warns += len(d.Warnings)
	}
	s := fmt.Sprintf("%d document(s): %d valid, %d invalid", len(r.Documents), len(r.Documents)-invalid, invalid)
	if unchecked > 0 {
		s += fmt.Sprintf(" (%d not checked)", unchecked)
	}
	return s + fmt.Sprintf("; %d error(s), %d warning(s)", errs, warns)
}

// name is how a document is named in JUnit and SARIF: its kind and namespace/name, or its index.
func (d Document) name() string {
	id := d.Name
	if d.Namespace != "" {
		id = d.Namespace + "/" + id
	}
	switch {
	case d.Kind != "" && id != "":
		return fmt.Sprintf("%s %s", d.Kind, id)
	case d.Kind != "":
		return fmt.Sprintf("%s (document %d)", d.Kind, d.Index)
	}
	return fmt.Sprintf("document %d", d.Index)
}
