// Package gohead reads the headers of a module's Go files, the comments above their package
// clauses, without the go command and without type-checking: the loader's search for output
// packages (+k8s:validation-gen-input, loader.ModuleOutputs) and the result cache's check that
// the search would find the same (generators/cache/lookup) read them through the same walk. It
// imports only the standard library.
package gohead

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// prefix is how much of a file Walk reads first: package comments and the package clause are
// nearly always within it, and reading whole files of a large module would cost more than the
// search is worth.
const prefix = 16 << 10

// Header is what Walk read of one Go file.
type Header struct {
	Path string
	// Src is the file's first 16 KiB, or all of it when its package clause lies further. It is
	// valid only during the callback (its buffer is reused).
	Src []byte
	// File is Src parsed up to the package clause, comments included; nil when it does not parse.
	File *ast.File
	Fset *token.FileSet
}

// Pre returns the text above the package clause, or all of Src when it does not parse.
func (h Header) Pre() []byte {
	if h.File == nil {
		return h.Src
	}
	return h.Src[:h.Fset.Position(h.File.Package).Offset]
}

// Walk walks the module rooted at root as the go command lists ./... (directories named
// testdata or vendor, or starting with '.' or '_', and nested modules left out) and calls fn with
// the Go files of each directory (test files and those the go command ignores aside) whose header
// can name marker: those whose first 16 KiB contain it, and those longer than that (their package
// clause may lie further). dir is the directory's slash-separated path relative to root ("." for
// root). A file that cannot be read is skipped (the run that loads its package reports it).
func Walk(root, marker string, fn func(dir string, h Header)) error {
	fset := token.NewFileSet()
	buf := make([]byte, prefix)
	m := []byte(marker)
	return filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if dir != root {
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		rel := ""
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") ||
				strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				continue
			}
			h, ok := read(fset, filepath.Join(dir, name), buf, m)
			if !ok {
				continue
			}
			if rel == "" {
				r, err := filepath.Rel(root, dir)
				if err != nil {
					return err
				}
				rel = filepath.ToSlash(r)
			}
			fn(rel, h)
		}
		return nil
	})
}

// read reads a file's header into buf (growing past it only when the package clause lies
// further), or reports false when the file cannot be read or its header cannot name marker.
func read(fset *token.FileSet, name string, buf, marker []byte) (Header, bool) {
	f, err := os.Open(name)
	if err != nil {
		return Header{}, false
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf[:prefix])
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	src := buf[:n]
	if err != nil || !bytes.Contains(src, marker) && n < prefix {
		return Header{}, false
	}
	file, err := parser.ParseFile(fset, name, src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil && n == prefix { // the package clause lies further: read it all
		rest, rerr := io.ReadAll(f)
		if rerr != nil {
			return Header{}, false
		}
		src = append(slices.Clip(src), rest...)
		file, err = parser.ParseFile(fset, name, src, parser.PackageClauseOnly|parser.ParseComments)
	}
	if err != nil {
		file = nil
	}
	return Header{Path: name, Src: src, File: file, Fset: fset}, true
}
