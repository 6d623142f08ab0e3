package output

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/pmezard/go-difflib/difflib"
)

// Verify compares the outputs with the disk and writes a unified diff of each stale file to w:
// an output that differs or is missing, and a stale file validation-gen owns but no longer
// produces (a diff to /dev/null). Paths are relative to Root. It reports whether everything was
// up to date.
func (o *Outputs) Verify(w io.Writer) (bool, error) {
	if err := o.Check(); err != nil {
		return false, err
	}
	type entry struct {
		path     string
		old, new []byte
		existed  bool
		removed  bool
	}
	var entries []entry
	for _, f := range o.Files() {
		old, err := os.ReadFile(f.Path)
		if err != nil && !os.IsNotExist(err) {
			return false, err
		}
		if err == nil && bytes.Equal(old, f.Content) {
			continue
		}
		entries = append(entries, entry{path: f.Path, old: old, new: f.Content, existed: err == nil})
	}
	stale, err := o.Stale()
	if err != nil {
		return false, err
	}
	for _, p := range stale {
		old, err := os.ReadFile(p)
		if err != nil {
			return false, err
		}
		entries = append(entries, entry{path: p, old: old, existed: true, removed: true})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].path < entries[j].path })
	for _, e := range entries {
		name := o.rel(e.path)
		from, to := "a/"+name, "b/"+name
		if !e.existed {
			from = "/dev/null"
		}
		if e.removed {
			to = "/dev/null"
		}
		d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: lines(e.old), B: lines(e.new),
			FromFile: from, ToFile: to, Context: 3,
		})
		if err != nil {
			return false, err
		}
		fmt.Fprint(w, d)
	}
	return len(entries) == 0, nil
}

// lines splits content into lines for difflib, each ending in a newline (difflib.SplitLines adds
// an empty last line, which shows up in diffs against /dev/null).
func lines(content []byte) []string {
	var out []string
	for len(content) > 0 {
		i := bytes.IndexByte(content, '\n')
		if i < 0 {
			out = append(out, string(content)+"\n")
			break
		}
		out = append(out, string(content[:i+1]))
		content = content[i+1:]
	}
	return out
}
