// Package goheader is the start of every generated Go file: the build constraint that keeps it
// out of the generator's own view of its package (output.BuildTag) and the user's boilerplate
// header, checked to be Go comments. It is apart from package output, which the command's
// result-cache fast path links, because it needs go/scanner (see internal/fspath).
package goheader

import (
	"bytes"
	"fmt"
	"go/build/constraint"
	"go/scanner"
	"go/token"
	"strings"

	"github.com/validation-gen/validation-gen/generators/output"
)

// WithHeader prepends the build constraint and the user's boilerplate header to a rendered file.
// The header is taken as CheckHeader accepts it and normalised (see normalizeHeader): a file has
// one //go:build line, ours, which also carries the header's own constraint.
func WithHeader(header, body []byte) []byte {
	h, expr, _ := normalizeHeader(header) // CheckHeader has refused what does not normalise
	var build constraint.Expr = &constraint.NotExpr{X: &constraint.TagExpr{Tag: output.BuildTag}}
	for _, x := range andTerms(expr) {
		if x.String() != "!"+output.BuildTag { // a header copied from a generated file repeats ours
			build = &constraint.AndExpr{X: build, Y: x}
		}
	}
	out := []byte("//go:build " + build.String() + "\n\n")
	if len(h) > 0 {
		out = append(append(out, h...), '\n', '\n')
	}
	return append(out, body...)
}

// andTerms splits a constraint into the terms of its top-level &&.
func andTerms(x constraint.Expr) []constraint.Expr {
	switch a := x.(type) {
	case nil:
		return nil
	case *constraint.AndExpr:
		return append(andTerms(a.X), andTerms(a.Y)...)
	}
	return []constraint.Expr{x}
}

// CheckHeader refuses a boilerplate header that is not made only of Go comments: it is copied
// verbatim above the package clause, so anything else would make every generated file fail to
// compile (a license text without //, say). Its build constraints must parse, and there may be
// only one //go:build line, as for the go command.
func CheckHeader(header []byte) error {
	if _, _, err := normalizeHeader(header); err != nil {
		return fmt.Errorf("--go-header-file: %w", err)
	}
	return nil
}

// normalizeHeader returns the header as it is written into generated files, with the build
// constraint its lines declare (nil when none):
//   - a UTF-8 byte order mark at its start is dropped (Go allows one only at the start of a file,
//     and the header is not: the file starts with its //go:build line); one elsewhere is an error;
//   - Windows line ends become Unix ones;
//   - its //go:build and // +build lines are taken out, since a second //go:build line stops the
//     package from building: the caller merges the constraint into its own line. As for the go
//     command, a //go:build line wins over +build lines, and two //go:build lines are an error.
func normalizeHeader(header []byte) ([]byte, constraint.Expr, error) {
	header = bytes.TrimPrefix(header, []byte("\uFEFF"))
	header = bytes.ReplaceAll(header, []byte("\r\n"), []byte("\n"))
	comments, err := lineComments(header)
	if err != nil {
		return nil, nil, err
	}
	lines := strings.Split(string(header), "\n")
	var goBuild, plusBuild constraint.Expr
	goBuildLine := 0
	drop := map[int]bool{}
	for _, c := range comments {
		if !constraint.IsGoBuild(c.text) && !constraint.IsPlusBuild(c.text) {
			continue
		}
		x, err := constraint.Parse(c.text)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %v: %q", c.line, err, c.text)
		}
		if strings.TrimSpace(lines[c.line-1]) != c.text {
			return nil, nil, fmt.Errorf("line %d: a build constraint must be alone on its line: %q", c.line, lines[c.line-1])
		}
		drop[c.line] = true
		switch {
		case constraint.IsPlusBuild(c.text) && plusBuild == nil:
			plusBuild = x
		case constraint.IsPlusBuild(c.text):
			plusBuild = &constraint.AndExpr{X: plusBuild, Y: x} // every plus-build line holds
		case goBuild != nil:
			return nil, nil, fmt.Errorf("line %d is a second //go:build line (the first is line %d); Go allows one per file", c.line, goBuildLine)
		default:
			goBuild, goBuildLine = x, c.line
		}
	}
	var kept []string
	for i, line := range lines {
		if !drop[i+1] {
			kept = append(kept, line)
		}
	}
	expr := goBuild
	if expr == nil {
		expr = plusBuild
	}
	h := strings.Trim(strings.Join(kept, "\n"), "\n")
	return []byte(h), expr, nil
}

// comment is a // comment of the header and its line.
type comment struct {
	line int
	text string
}

// lineComments returns the header's // comments, or an error for a header that is not made only
// of Go comments.
func lineComments(header []byte) ([]comment, error) {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(header))
	var bad error
	var s scanner.Scanner
	s.Init(f, header, func(pos token.Position, msg string) {
		if bad == nil && strings.Contains(msg, "byte order mark") {
			bad = fmt.Errorf("line %d: a byte order mark (U+FEFF), which Go allows only at the start of a file; remove it", pos.Line)
		}
		if bad == nil {
			bad = fmt.Errorf("line %d: %s", pos.Line, msg)
		}
	}, scanner.ScanComments)
	var out []comment
	for bad == nil {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		line := fset.Position(pos).Line
		if tok != token.COMMENT && bad == nil {
			bad = fmt.Errorf("line %d is not a Go comment: %q", line, strings.Split(string(header), "\n")[line-1])
		}
		if strings.HasPrefix(lit, "//") {
			out = append(out, comment{line, strings.TrimRight(lit, " \t")})
		}
	}
	if bad != nil && strings.Contains(bad.Error(), "byte order mark") {
		return nil, bad
	}
	if bad != nil {
		return nil, fmt.Errorf("%w; the header is copied above the package clause of every "+
			"generated Go file, so it must be Go comments only: start each line with // or wrap the text in /* and */", bad)
	}
	return out, nil
}
