package model

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
)

// Diagnostic is one problem found in the input, reported as file:line:col: +tag: message.
//
// A warning is input the reference tools (controller-gen, Kubernetes' validation-gen, openapi-gen)
// accept and whose output is still right, but which this generator finds suspicious: a misspelt
// marker they ignore, a tag of another tool, a construct that validates less than it seems to. A
// run with warnings only still writes its outputs; --strict (Options.Strict) makes them errors.
type Diagnostic struct {
	Pos     token.Position
	Tag     string // without '+'; empty for problems that are not about one tag
	Msg     string
	Warning bool
}

// Format renders the diagnostic, with the file name relative to dir when it lies below it.
func (d Diagnostic) Format(dir string) string {
	file := d.Pos.Filename
	if dir != "" {
		if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
	}
	loc := fmt.Sprintf("%s:%d:%d", file, d.Pos.Line, d.Pos.Column)
	if d.Warning {
		loc += ": warning"
	}
	if d.Tag != "" {
		return fmt.Sprintf("%s: +%s: %s", loc, d.Tag, d.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, d.Msg)
}

// Diagnostics collects problems; every stage appends and the caller prints them all at once.
type Diagnostics []Diagnostic

// Add records a problem at pos.
func (ds *Diagnostics) Add(pos token.Position, tag, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Tag: tag, Msg: fmt.Sprintf(format, args...)})
}

// Warn records a warning at pos (see Diagnostic).
func (ds *Diagnostics) Warn(pos token.Position, tag, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Tag: tag, Msg: fmt.Sprintf(format, args...), Warning: true})
}

// HasErrors reports whether any diagnostic is an error (not a warning): a run with errors writes
// nothing.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if !d.Warning {
			return true
		}
	}
	return false
}

// Errors returns the diagnostics that are errors.
func (ds Diagnostics) Errors() Diagnostics { return ds.filter(false) }

// Warnings returns the diagnostics that are warnings.
func (ds Diagnostics) Warnings() Diagnostics { return ds.filter(true) }

func (ds Diagnostics) filter(warning bool) Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Warning == warning {
			out = append(out, d)
		}
	}
	return out
}

// Strict turns every warning into an error (--strict), saying so in its message.
func (ds Diagnostics) Strict() Diagnostics {
	out := make(Diagnostics, len(ds))
	for i, d := range ds {
		if d.Warning {
			d.Warning = false
			d.Msg += " (an error under --strict)"
		}
		out[i] = d
	}
	return out
}

// Superseded drops the warnings that an error at the same position, about the same tag, makes
// moot: a stage that knows the input is wrong there (a CRD's optional list-map key) says so once.
func (ds Diagnostics) Superseded() Diagnostics {
	type at struct {
		pos token.Position
		tag string
	}
	errs := map[at]bool{}
	for _, d := range ds {
		if !d.Warning {
			errs[at{d.Pos, d.Tag}] = true
		}
	}
	var out Diagnostics
	for _, d := range ds {
		if d.Warning && errs[at{d.Pos, d.Tag}] {
			continue
		}
		out = append(out, d)
	}
	return out
}

// Sorted returns the diagnostics ordered by file, line, column and text, without duplicates.
func (ds Diagnostics) Sorted() Diagnostics {
	out := append(Diagnostics(nil), ds...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column < b.Pos.Column
		}
		return a.Tag+a.Msg < b.Tag+b.Msg
	})
	dedup := out[:0]
	for i, d := range out {
		if i > 0 && d == out[i-1] {
			continue
		}
		dedup = append(dedup, d)
	}
	return dedup
}

// Error renders all diagnostics, one per line, relative to dir.
func (ds Diagnostics) Error(dir string) string {
	var b strings.Builder
	for _, d := range ds.Sorted() {
		b.WriteString(d.Format(dir))
		b.WriteByte('\n')
	}
	return b.String()
}
