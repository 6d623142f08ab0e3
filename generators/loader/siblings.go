package loader

import (
	"go/token"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/internal/gohead"
	"github.com/validation-gen/validation-gen/tags"
)

// siblingOutputs finds the output packages outside the run that name a loaded package in their
// +k8s:validation-gen-input: packages of the inputs' main modules, not loaded, whose package tags
// name an input or a dependency of the run (ModuleOutputs). Loading them read-only makes what a run
// generates independent of which packages it names: a package named as input elsewhere in the
// module is read-only and has its output package's semantics (+k8s:validation-gen) whether or not
// that output package is in the run, as it is in a run over the whole module. So go generate run
// in each package, one generator run per package, writes what one run over ./... writes
// (upstream's own suite has such a layout: multiple_packages/types is the input of two output
// packages and declares no +k8s:validation-gen of its own). It returns those packages and the
// packages of the run they name (which must be inputs). The modules searched are recorded
// (OutputSearch), for the result cache.
func (p *Program) siblingOutputs() (siblings, named []string) {
	mods := map[string]string{}
	for _, pkg := range p.Inputs {
		if m := pkg.Module; m != nil && m.Main && m.Dir != "" && m.Path != "" {
			mods[m.Dir] = m.Path
		}
	}
	roots := make([]string, 0, len(mods))
	for d := range mods {
		roots = append(roots, d)
	}
	sort.Strings(roots)
	p.searched = roots
	for _, root := range roots {
		found, err := ModuleOutputs(root)
		if err != nil {
			klog.Warningf("searching the module in %s for output packages naming this run's packages: %v", root, err)
			continue
		}
		for rel, values := range found {
			pkgPath := path.Join(mods[root], rel)
			if p.byPath[pkgPath] != nil {
				continue
			}
			found := false
			for _, in := range values {
				if p.byPath[in] != nil && in != pkgPath {
					klog.V(1).Infof("%s names %s in +k8s:validation-gen-input: loading it read-only", pkgPath, in)
					found = true
					named = append(named, in)
				}
			}
			if found {
				siblings = append(siblings, pkgPath)
			}
		}
	}
	sort.Strings(siblings)
	sort.Strings(named)
	return siblings, slices.Compact(named)
}

// OutputSearch returns the module roots the loader searched for output packages naming the run's
// packages (ModuleOutputs): the run depends on what that search finds there.
func (p *Program) OutputSearch() []string { return p.searched }

// ModuleOutputs walks the module rooted at root as the go command lists ./... (directories named
// testdata or vendor, or starting with '.' or '_', and nested modules left out) and returns the
// values of the +k8s:validation-gen-input tags of each package directory that has any, by its
// slash-separated path relative to root ("." for the root), sorted. Only the comments above the
// package clauses of the directories' Go files (test files aside) are read: no go command, no
// type-checking.
func ModuleOutputs(root string) (map[string][]string, error) { return ModuleOutputsVisit(root, nil) }

// ModuleOutputsVisit is ModuleOutputs, also giving every header its walk reads to visit (when not
// nil), so that the result cache digests the same bytes in the same walk (lookup.HeaderDigester).
func ModuleOutputsVisit(root string, visit func(dir string, h gohead.Header)) (map[string][]string, error) {
	out := map[string][]string{}
	err := gohead.Walk(root, inputTag, func(dir string, h gohead.Header) {
		if visit != nil {
			visit(dir, h)
		}
		if named := headerInputs(h); len(named) > 0 {
			out[dir] = append(out[dir], named...)
		}
	})
	for _, named := range out {
		sort.Strings(named)
	}
	return out, err
}

// inputTag is the name of the tag that ModuleOutputs looks for.
const inputTag = "k8s:validation-gen-input"

// headerInputs returns the +k8s:validation-gen-input values in the comments above a Go file's
// package clause. A file that does not parse names nothing (the run that loads its package
// reports it).
func headerInputs(h gohead.Header) []string {
	if !h.OK {
		return nil
	}
	var out []string
	for _, c := range h.Comments {
		text, ok := strings.CutPrefix(c.Text, "//")
		if !ok {
			continue
		}
		pos := token.Position{Filename: h.Path, Offset: c.Offset, Line: c.Line, Column: c.Column}
		for _, r := range tags.Extract([]tags.Line{{Text: strings.TrimPrefix(text, " "), Pos: pos}}, tags.Multiline) {
			if r.Name != inputTag {
				continue
			}
			v := strings.TrimSpace(r.Value)
			if u, err := strconv.Unquote(v); err == nil {
				v = u
			}
			out = append(out, v)
		}
	}
	return out
}
