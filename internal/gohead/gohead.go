// Package gohead reads the headers of a module's Go files, the comments above their package
// clauses, without the go command and without type-checking: the loader's search for output
// packages (+k8s:validation-gen-input, loader.ModuleOutputs) and the result cache's check that
// the search would find the same (generators/cache/lookup) read them through the same walk. It
// imports only the standard library.
package gohead

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/validation-gen/validation-gen/internal/fspath"
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
	// OK is set when Src has a package clause that go/parser accepts (Leading); Comments are the
	// comments above it, and Pkg the offset of its keyword.
	OK       bool
	Comments []Comment
	Pkg      int
}

// Pre returns the text above the package clause, or all of Src when it has none.
func (h Header) Pre() []byte {
	if !h.OK {
		return h.Src
	}
	return h.Src[:h.Pkg]
}

// Walk walks the module rooted at root as the go command lists ./... (directories named
// testdata or vendor, or starting with '.' or '_', and nested modules left out) and calls fn with
// the Go files of each directory (test files and those the go command ignores aside) whose header
// can name marker: those whose first 16 KiB contain it, and those longer than that (their package
// clause may lie further). dir is the directory's slash-separated path relative to root ("." for
// root). A file that cannot be read is skipped (the run that loads its package reports it).
func Walk(root, marker string, fn func(dir string, h Header)) error {
	buf := make([]byte, prefix)
	m := []byte(marker)
	return fspath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if dir != root {
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return fs.SkipDir
			}
			if _, err := os.Stat(fspath.Join(dir, "go.mod")); err == nil {
				return fs.SkipDir // another module
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
			h, ok := read(fspath.Join(dir, name), buf, m)
			if !ok {
				continue
			}
			if rel == "" {
				r, err := fspath.Rel(root, dir)
				if err != nil {
					return err
				}
				rel = fspath.ToSlash(r)
			}
			fn(rel, h)
		}
		return nil
	})
}

// read reads a file's header into buf (growing past it only when the package clause lies
// further), or reports false when the file cannot be read or its header cannot name marker.
func read(name string, buf, marker []byte) (Header, bool) {
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
	comments, pkg, ok := Leading(src)
	if !ok && n == prefix { // the package clause may lie further: read it all
		rest, rerr := io.ReadAll(f)
		if rerr != nil {
			return Header{}, false
		}
		src = append(slices.Clip(src), rest...)
		comments, pkg, ok = Leading(src)
	}
	return Header{Path: name, Src: src, OK: ok, Comments: comments, Pkg: pkg}, true
}
