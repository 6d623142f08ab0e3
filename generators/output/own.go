package output

import (
	"bytes"
	"os"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/internal/fspath"
	"github.com/validation-gen/validation-gen/internal/gohead"
)

// A claim is a place where this run's outputs live: a single path, or every file directly in a
// directory whose name ends in ext.
type claim struct {
	path string
	dir  bool
	ext  string
}

// ClaimFile claims a path: if a file there carries the generated-code comment and the run does
// not produce it, it is stale (a per-package Go output of a package that no longer gets one).
func (o *Outputs) ClaimFile(path string) {
	o.claims = append(o.claims, claim{path: absPath(path)})
}

// ClaimDir claims every file directly in dir whose name ends in ext (the CRD directory, ".yaml").
func (o *Outputs) ClaimDir(dir, ext string) {
	o.claims = append(o.claims, claim{path: absPath(dir), dir: true, ext: ext})
}

// Stale returns, sorted, the files at the claimed places that validation-gen owns but this run
// does not produce.
func (o *Outputs) Stale() ([]string, error) {
	seen := map[string]bool{}
	var stale []string
	consider := func(path string) error {
		if seen[path] {
			return nil
		}
		seen[path] = true
		if _, produced := o.files[path]; produced {
			return nil
		}
		own, _, err := owned(path)
		if own {
			stale = append(stale, path)
		}
		return err
	}
	for _, c := range o.claims {
		if !c.dir {
			if err := consider(c.path); err != nil {
				return nil, err
			}
			continue
		}
		entries, err := os.ReadDir(c.path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), c.ext) {
				if err := consider(fspath.Join(c.path, e.Name())); err != nil {
					return nil, err
				}
			}
		}
	}
	sort.Strings(stale)
	return stale, nil
}

// owned reports whether a file exists and whether validation-gen generated it.
func owned(path string) (own, exists bool, err error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false, false, nil
	}
	if err != nil {
		return false, true, err
	}
	return Generated(path, b), true, nil
}

// Generated reports whether content, the file at path, carries the generated-code comment: in a
// Go file as a line comment before the package clause (the code after it may be broken), in a
// Markdown file as its first line, in an HTML comment, in any other file as its first line, after
// "# ".
func Generated(path string, content []byte) bool {
	if fspath.Ext(path) == ".md" {
		return bytes.HasPrefix(content, []byte("<!-- "+GeneratedComment+" -->\n"))
	}
	if fspath.Ext(path) != ".go" {
		return bytes.HasPrefix(content, []byte("# "+GeneratedComment+"\n"))
	}
	comments, _, _ := gohead.Leading(content)
	return generatedIn(comments)
}
