// Package output holds what every emitter produces into and what the command writes from: the set
// of generated files of one run, checked, then written all together or verified against the disk,
// and the conventions every generated file follows (header, build tag, generated-code comment).
//
// A run owns the files it generates and nothing else. It knows them by their generated-code
// comment (GeneratedComment: the Go comment before the package clause, or a YAML file's first
// line "# " + GeneratedComment). Files it owns at the places a run claims (the per-package Go
// output names, the CRD directory) that it no longer produces are stale: Write removes them and
// Verify reports them. Files it does not own are never removed, and a Go file it does not own is
// never overwritten.
package output

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/internal/fspath"
)

// File is one generated output: its path and its complete content.
type File struct {
	Path    string
	Content []byte
}

// Outputs is every file a run produces. Emitters add to it; nothing touches the disk until all
// emitters and checks have succeeded, so a failing run writes nothing.
type Outputs struct {
	// Root is the directory that paths in Verify's diffs and in errors are relative to (the main
	// module's root); the working directory when empty.
	Root string

	files  map[string]file
	claims []claim
	// collisions are paths added twice, found by Add and reported by Check.
	collisions []string
}

type file struct {
	content []byte
	what    string // for errors: which output this is, e.g. "the CRD of kind Widget"
}

// Add records a file. what names the output in errors, with the flag that asked for it. A path
// added twice is an error that Check reports.
func (o *Outputs) Add(path, what string, content []byte) {
	if o.files == nil {
		o.files = map[string]file{}
	}
	abs := absPath(path)
	if prev, dup := o.files[abs]; dup {
		o.collisions = append(o.collisions, fmt.Sprintf("%s would be written twice: as %s and as %s", o.rel(abs), prev.what, what))
		return
	}
	o.files[abs] = file{content, what}
}

// Files returns the outputs sorted by path.
func (o *Outputs) Files() []File {
	var out []File
	for p, f := range o.files {
		out = append(out, File{p, f.content})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Check reports, all at once, every output path that collides with another output or that would
// overwrite a Go file validation-gen does not own (an input file such as types.go). Write and
// Verify check first; callers may check earlier to refuse before anything else happens.
func (o *Outputs) Check() error {
	msgs := append([]string(nil), o.collisions...)
	for _, f := range o.Files() {
		if fspath.Ext(f.Path) != ".go" {
			continue
		}
		own, exists, err := owned(f.Path)
		if err != nil {
			return err
		}
		if exists && !own {
			msgs = append(msgs, fmt.Sprintf("%s would be overwritten by %s, but validation-gen did not generate it "+
				"(it lacks the comment // %s); choose another output name", o.rel(f.Path), o.files[f.Path].what, GeneratedComment))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	sort.Strings(msgs)
	return fmt.Errorf("refusing to write, nothing was written:\n\t%s", strings.Join(msgs, "\n\t"))
}

// rel is a path as errors and diffs show it: relative to Root.
func (o *Outputs) rel(path string) string {
	root := o.Root
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return path
		}
		root = wd
	}
	rel, err := fspath.Rel(root, path)
	if err != nil {
		return path
	}
	return fspath.ToSlash(rel)
}

func absPath(path string) string {
	abs, err := fspath.Abs(path)
	if err != nil {
		return path
	}
	return abs
}
