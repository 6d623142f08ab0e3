package loader

import (
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Spec is what one run loads: package patterns and read-only patterns (see LoadReadOnly), resolved
// from Dir.
type Spec struct {
	Dir                string
	Patterns, ReadOnly []string
}

// LoadJoint loads the packages of several runs with one go/packages load (one go list), from dir,
// and returns one Program per spec, each as LoadReadOnly would have loaded that spec alone: its
// inputs are the packages its patterns match, and it knows only them and what they import. This
// is what makes `go generate ./...` over many packages, each with its own directive, cost about
// one load (generators.RunJoint): the go command's work (module graph, build cache) is done once.
//
// The Programs share what is read lazily (declarations, export data), which depends only on the
// files. A spec's Program is nil when the joint load cannot stand in for its own: a package it
// knows has errors (reported by its own load, which may differ: an input with errors is a
// dependency from export data in another run), it matches no package, or one of the loaded
// packages is matched by no spec (the patterns were resolved differently than matchPattern
// resolves them). The error is go/packages' (the caller then loads each spec alone).
func LoadJoint(dir string, specs []Spec) ([]*Program, error) {
	var patterns []string
	seen := map[string]bool{}
	for _, s := range specs {
		for _, pat := range append(append([]string(nil), s.Patterns...), s.ReadOnly...) {
			if abs := absPattern(s.Dir, pat); !seen[abs] {
				seen[abs] = true
				patterns = append(patterns, abs)
			}
		}
	}
	p := newProgram()
	roots, err := p.loadPackages(dir, patterns)
	if err != nil {
		return nil, err
	}
	inputs := p.match(specs, roots)
	// The packages that +k8s:validation-gen-input names are inputs too (LoadReadOnly), and so are
	// the output packages elsewhere in the module that name a package a spec knows
	// (siblingOutputs), with what they name: load those that no pattern matched, all in one more
	// load.
	var missing []string
	isRoot := map[string]bool{}
	for _, r := range roots {
		isRoot[r.PkgPath] = true
	}
	need := func(path string) {
		if !isRoot[path] && !seen[path] {
			seen[path] = true
			missing = append(missing, path)
		}
	}
	siblings := make([][]string, len(specs))
	searched := make([][]string, len(specs))
	for i, in := range inputs {
		for _, path := range p.namedInputs(in) {
			need(path)
		}
		if len(in) == 0 {
			continue
		}
		v := p.view(in)
		var sibNamed []string
		siblings[i], sibNamed = v.siblingOutputs()
		searched[i] = v.searched
		for _, path := range append(slices.Clone(siblings[i]), sibNamed...) {
			need(path)
		}
	}
	if len(missing) > 0 {
		p = newProgram()
		if roots, err = p.loadPackages(dir, append(patterns, missing...)); err != nil {
			return nil, err
		}
		inputs = p.match(specs, roots)
	}
	byPath := map[string]*packages.Package{}
	for _, r := range roots {
		byPath[r.PkgPath] = r
	}
	// Each spec's inputs: what its patterns match, its sibling output packages, and what their
	// tags name (LoadReadOnly).
	named := make([][]string, len(specs))
	matched := map[*packages.Package]bool{}
	for i := range specs {
		for _, path := range siblings[i] {
			if pkg := byPath[path]; pkg != nil && !slices.Contains(inputs[i], pkg) {
				inputs[i] = append(inputs[i], pkg)
			}
		}
		named[i] = p.namedInputs(inputs[i])
		for _, path := range named[i] {
			if pkg := byPath[path]; pkg != nil && !slices.Contains(inputs[i], pkg) {
				inputs[i] = append(inputs[i], pkg)
			}
		}
		for _, pkg := range inputs[i] {
			matched[pkg] = true
		}
	}
	// A root with errors fails every spec that knows it; a root no spec matched, all of them.
	failed := map[string]bool{}
	for _, r := range roots {
		if testOnly(r) {
			continue
		}
		if !matched[r] {
			return make([]*Program, len(specs)), nil
		}
		if d, err := rootDiags(r); err != nil || len(d) > 0 {
			failed[r.PkgPath] = true
		}
	}
	out := make([]*Program, len(specs))
	for i, s := range specs {
		if len(inputs[i]) == 0 {
			continue
		}
		view := p.view(inputs[i])
		ok := true
		for path := range view.byPath {
			ok = ok && !failed[path]
		}
		if !ok {
			continue
		}
		view.ReadOnly = map[string]bool{}
		for _, path := range append(named[i], siblings[i]...) {
			view.ReadOnly[path] = true
		}
		view.searched = searched[i]
		for _, pkg := range view.Inputs {
			for _, pat := range s.ReadOnly {
				if matchPattern(s.Dir, pat, pkg) {
					view.ReadOnly[pkg.PkgPath] = true
				}
			}
		}
		out[i] = view
	}
	return out, nil
}

// match returns, for each spec, the roots its patterns (and read-only patterns) match.
func (p *Program) match(specs []Spec, roots []*packages.Package) [][]*packages.Package {
	out := make([][]*packages.Package, len(specs))
	for i, s := range specs {
		for _, r := range roots {
			if testOnly(r) {
				continue
			}
			for _, pat := range append(append([]string(nil), s.Patterns...), s.ReadOnly...) {
				if matchPattern(s.Dir, pat, r) {
					out[i] = append(out[i], r)
					break
				}
			}
		}
	}
	return out
}

// namedInputs returns what the +k8s:validation-gen-input tags of some packages name, as
// validationGenInputs does for a Program's inputs.
func (p *Program) namedInputs(pkgs []*packages.Package) []string {
	q := *p
	q.Inputs = pkgs
	return q.validationGenInputs()
}

// view returns a Program over the same loaded packages with other inputs: it knows the inputs and
// what they import, and shares with p everything read lazily.
func (p *Program) view(inputs []*packages.Package) *Program {
	q := *p
	q.consts = map[*types.TypeName][]*types.Const{} // Consts looks through the packages a Program knows
	q.setInputs(inputs)
	return &q
}

// absPattern makes a relative directory pattern (./api/..., ../x) absolute, so that patterns of
// runs in different directories can be loaded together; an import path pattern is unchanged.
func absPattern(dir, pattern string) string {
	if pattern != "." && pattern != ".." && !strings.HasPrefix(pattern, "./") && !strings.HasPrefix(pattern, "../") {
		return pattern
	}
	rest, wild := strings.CutSuffix(pattern, "/...")
	if pattern == "./..." || pattern == "../..." {
		wild = true
	}
	abs := filepath.Join(dir, rest)
	if wild {
		return abs + "/..."
	}
	return abs
}
