package generators

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/pmezard/go-difflib/difflib"
)

// File is one generated output: its path and its complete content.
type File struct {
	Path    string
	Content []byte
}

// Outputs is every file a run produces. Emitters add to it; nothing touches the disk until all
// emitters and checks have succeeded, so a failing run writes nothing.
type Outputs struct {
	files map[string][]byte
}

// Add records a file; adding the same path twice is a programming error.
func (o *Outputs) Add(path string, content []byte) {
	if o.files == nil {
		o.files = map[string][]byte{}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	if _, dup := o.files[abs]; dup {
		panic("generators: output " + abs + " produced twice")
	}
	o.files[abs] = content
}

// Files returns the outputs sorted by path.
func (o *Outputs) Files() []File {
	var out []File
	for p, c := range o.files {
		out = append(out, File{p, c})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Write writes every file that changed. Each file is written to a temporary file beside it and
// renamed into place, so an interrupted run never leaves a half-written output.
func (o *Outputs) Write() error {
	for _, f := range o.Files() {
		old, err := os.ReadFile(f.Path)
		if err == nil && bytes.Equal(old, f.Content) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
			return err
		}
		tmp, err := os.CreateTemp(filepath.Dir(f.Path), "."+filepath.Base(f.Path)+".tmp*")
		if err != nil {
			return err
		}
		_, werr := tmp.Write(f.Content)
		cerr := tmp.Close()
		if werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Chmod(tmp.Name(), 0o644)
		}
		if werr == nil {
			werr = os.Rename(tmp.Name(), f.Path)
		}
		if werr != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("writing %s: %w", f.Path, werr)
		}
	}
	return nil
}

// Verify compares every file with the disk and writes a unified diff of each stale one to w,
// with paths relative to dir. It reports whether everything was up to date.
func (o *Outputs) Verify(w io.Writer, dir string) (bool, error) {
	ok := true
	for _, f := range o.Files() {
		old, err := os.ReadFile(f.Path)
		if err != nil && !os.IsNotExist(err) {
			return false, err
		}
		if bytes.Equal(old, f.Content) {
			continue
		}
		ok = false
		name := f.Path
		if rel, err := filepath.Rel(dir, f.Path); err == nil {
			name = rel
		}
		from := "a/" + name
		if old == nil {
			from = "/dev/null"
		}
		d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: difflib.SplitLines(string(old)), B: difflib.SplitLines(string(f.Content)),
			FromFile: from, ToFile: "b/" + name, Context: 3,
		})
		if err != nil {
			return false, err
		}
		fmt.Fprint(w, d)
	}
	return ok, nil
}
