package output

import (
	"bytes"
	"os"
	"slices"
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
	// crds is set for a CRD directory (ClaimCRDDir): of the CRDs validation-gen generated there,
	// only those all of whose versions are among groupVersions are this run's.
	crds          bool
	groupVersions []string
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

// ClaimCRDDir claims the CRDs in dir (*.yaml) that are this run's to reconcile: a CRD that
// validation-gen generated there, and that the run does not produce, is stale only when each of
// its versions is one of groupVersions ("group/version": those of the run's input packages), as
// for a kind removed from them. The CRDs of other runs sharing the directory (another package's
// go:generate directive, one run per group as controller-gen users make them) are left alone,
// as controller-gen leaves every file of its output directory alone.
func (o *Outputs) ClaimCRDDir(dir string, groupVersions []string) {
	gvs := slices.Clone(groupVersions)
	slices.Sort(gvs)
	o.claims = append(o.claims, claim{path: absPath(dir), dir: true, ext: ".yaml", crds: true, groupVersions: slices.Compact(gvs)})
}

// Stale returns, sorted, the files at the claimed places that validation-gen owns but this run
// does not produce.
func (o *Outputs) Stale() ([]string, error) {
	seen := map[string]bool{}
	var stale []string
	consider := func(path string, c claim) error {
		if seen[path] {
			return nil
		}
		seen[path] = true
		if _, produced := o.files[path]; produced {
			return nil
		}
		own, _, err := owned(path)
		if own && c.crds {
			own, err = c.runsCRD(path)
		}
		if own {
			stale = append(stale, path)
		}
		return err
	}
	for _, c := range o.claims {
		if !c.dir {
			if err := consider(c.path, c); err != nil {
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
				if err := consider(fspath.Join(c.path, e.Name()), c); err != nil {
					return nil, err
				}
			}
		}
	}
	sort.Strings(stale)
	return stale, nil
}

// runsCRD reports whether the CRD at path is one of a CRD directory claim's: each of its versions
// is one of the claim's group versions. A file that is no CRD is not.
func (c claim) runsCRD(path string) (bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	group, versions := crdGroupVersions(b)
	if group == "" || len(versions) == 0 {
		return false, nil
	}
	for _, v := range versions {
		if _, found := slices.BinarySearch(c.groupVersions, group+"/"+v); !found {
			return false, nil
		}
	}
	return true, nil
}

// crdGroupVersions reads spec.group and the names of spec.versions of a CRD as validation-gen
// writes it (runsCRD reads only files it generated): two-space indentation, keys sorted, so
// spec's group and versions at two spaces, each version's name at four, or after the "- " of
// its item. (A YAML library here would be initialised on every result-cache hit:
// TestFastPathDependencies.)
func crdGroupVersions(b []byte) (group string, versions []string) {
	inSpec, inVersions := false, false
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case !strings.HasPrefix(line, " "):
			inSpec, inVersions = line == "spec:", false
		case !inSpec:
		case strings.HasPrefix(line, "  group: "):
			group = scalar(strings.TrimPrefix(line, "  group: "))
		case strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") && !strings.HasPrefix(line, "  - "):
			inVersions = line == "  versions:"
		case !inVersions:
		case strings.HasPrefix(line, "  - name: "):
			versions = append(versions, scalar(strings.TrimPrefix(line, "  - name: ")))
		case strings.HasPrefix(line, "    name: "):
			versions = append(versions, scalar(strings.TrimPrefix(line, "    name: ")))
		}
	}
	return group, versions
}

// scalar is a YAML scalar as written, without its quotes.
func scalar(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
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
