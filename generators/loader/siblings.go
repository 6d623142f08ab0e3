package loader

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/tags"
)

// siblingOutputs finds the output packages outside the run that name a loaded package in their
// +k8s:validation-gen-input: packages of the inputs' main modules, not loaded, whose package tags
// name an input or a dependency of the run. Loading them read-only makes what a run generates
// independent of which packages it names: a package named as input elsewhere in the module is
// read-only and has its output package's semantics (+k8s:validation-gen) whether or not that
// output package is in the run, as it is in a run over the whole module. So go generate run in
// each package, one generator run per package, writes what one run over ./... writes (upstream's
// own suite has such a layout: multiple_packages/types is the input of two output packages and
// declares no +k8s:validation-gen of its own).
//
// The module's directories are walked as the go command lists ./... (testdata, vendor, and names
// starting with '.' or '_' left out, nested modules too) and only the comments above the package
// clauses of their Go files are read: no go command, no type-checking.
func (p *Program) siblingOutputs() []string {
	mods := map[string]string{}
	for _, pkg := range p.Inputs {
		if m := pkg.Module; m != nil && m.Main && m.Dir != "" && m.Path != "" {
			mods[m.Dir] = m.Path
		}
	}
	dirs := make([]string, 0, len(mods))
	for d := range mods {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	var out []string
	for _, root := range dirs {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				return nil
			}
			if path != root {
				name := d.Name()
				if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			pkgPath := mods[root]
			if rel != "." {
				pkgPath += "/" + filepath.ToSlash(rel)
			}
			if p.byPath[pkgPath] != nil {
				return nil
			}
			for _, in := range p.headerInputs(path) {
				if p.byPath[in] != nil && in != pkgPath {
					klog.V(1).Infof("%s names %s in +k8s:validation-gen-input: loading it read-only", pkgPath, in)
					out = append(out, pkgPath)
					break
				}
			}
			return nil
		})
		if err != nil {
			klog.Warningf("walking the module in %s, for output packages naming this run's packages: %v", root, err)
		}
	}
	sort.Strings(out)
	return out
}

// headerInputs reads the +k8s:validation-gen-input values of the package in dir, which the run
// has not loaded, from the comments above its Go files' package clauses (test files aside).
func (p *Program) headerInputs(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f := p.header(filepath.Join(dir, name))
		if f == nil {
			continue
		}
		for _, g := range f.Comments {
			if g.End() > f.Package {
				break
			}
			for _, r := range tags.Extract(p.Lines(g), tags.Multiline) {
				if r.Name != "k8s:validation-gen-input" {
					continue
				}
				v := strings.TrimSpace(r.Value)
				if u, err := strconv.Unquote(v); err == nil {
					v = u
				}
				out = append(out, v)
			}
		}
	}
	return out
}
