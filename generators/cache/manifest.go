package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"github.com/validation-gen/validation-gen/generators/cache/lookup"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/output"
)

// Inputs is what a run read, for Put: its Program (the packages it knew and the bytes of the
// files it parsed), the patterns it resolved (package and read-only patterns) from Dir, the other
// files it read or looked for (Files: their content, or their absence, is an input too), and when
// it started loading.
type Inputs struct {
	Program  *loader.Program
	Dir      string
	Patterns []string
	Files    []string
	Start    time.Time
}

// modTimeSlack is how recent a file's time may be, relative to the start of a run, before the
// file may have changed during the run (file systems store times coarsely; the go command's test
// cache uses the same margin).
const modTimeSlack = 2 * time.Second

// newManifest lists a run's inputs and their digests as the run read them. It fails when an input
// may have changed during the run (a file not read by the run modified since it started, a
// package directory whose Go files are not those go list saw): the result might not be the one
// those inputs make.
func newManifest(k *Key, in Inputs) (*lookup.Manifest, error) {
	m := &lookup.Manifest{Digests: map[string]string{}}
	files := map[string]bool{}
	dirs := map[string]bool{}
	addModule := func(dir, gomod string, main bool) error {
		if dir == "" || k.env.Fixed(dir) {
			return nil
		}
		if gomod == "" {
			gomod = filepath.Join(dir, "go.mod")
		}
		files[gomod] = true
		files[filepath.Join(dir, "go.sum")] = true
		if main {
			files[filepath.Join(dir, "vendor", "modules.txt")] = true
			return localReplacements(gomod, files)
		}
		return nil
	}
	if gomod := k.env.Vars["GOMOD"]; gomod != "" && gomod != os.DevNull {
		if err := addModule(filepath.Dir(gomod), gomod, true); err != nil {
			return nil, err
		}
	}
	if work := k.env.Vars["GOWORK"]; work != "" && work != "off" {
		files[work] = true
		files[work+".sum"] = true
		if err := workModules(work, files); err != nil {
			return nil, err
		}
	}
	for _, f := range in.Files {
		files[f] = true
	}
	pkgs := in.Program.Packages()
	for _, pkg := range pkgs {
		if mod := pkg.Module; mod != nil {
			if mod.Replace != nil {
				mod = mod.Replace
			}
			if err := addModule(mod.Dir, mod.GoMod, mod.Main); err != nil {
				return nil, err
			}
		}
		if dir := pkgDir(pkg.Dir, pkg.GoFiles); dir != "" && !k.env.Fixed(dir) {
			dirs[dir] = true
			// The directory's Go files must be those go list saw.
			var saw []string
			for _, f := range append(append([]string(nil), pkg.GoFiles...), pkg.IgnoredFiles...) {
				if lookup.RelevantGo(filepath.Base(f)) && !ownFile(f) {
					saw = append(saw, filepath.Base(f))
				}
			}
			now, err := lookup.GoFiles(dir)
			if err != nil {
				return nil, err
			}
			sort.Strings(saw)
			saw = slices.Compact(saw)
			if !slices.Equal(saw, now) {
				return nil, fmt.Errorf("the Go files of %s changed during the run", dir)
			}
		}
	}
	roots := map[string]bool{}
	for _, pkg := range in.Program.Inputs {
		roots[pkgDir(pkg.Dir, pkg.GoFiles)] = true
	}
	trees := map[string]bool{}
	for _, pat := range in.Patterns {
		root, ok, err := treeRoot(in.Dir, pat, k.env, pkgs)
		if err != nil {
			return nil, err
		}
		if ok {
			trees[root] = true
		}
	}
	m.Files, m.Dirs, m.Trees = sortedKeys(files), sortedKeys(dirs), sortedKeys(trees)
	m.Outputs = slices.Clone(in.Program.OutputSearch())
	cutoff := in.Start.Add(-modTimeSlack)
	for _, f := range m.Files {
		d, err := lookup.FileDigest(f, cutoff)
		if err != nil {
			return nil, err
		}
		m.Digests["file:"+f] = d
	}
	for _, dir := range m.Dirs {
		d, err := lookup.DirDigest(dir, in.Program.SourceDigest, cutoff)
		if err != nil {
			return nil, err
		}
		m.Digests["dir:"+dir] = d
	}
	for _, t := range m.Trees {
		d, err := lookup.TreeDigest(t, roots, cutoff)
		if err != nil {
			return nil, err
		}
		m.Digests["tree:"+t] = d
	}
	for _, root := range m.Outputs {
		d, err := outputsDigest(root)
		if err != nil {
			return nil, err
		}
		m.Digests["outputs:"+root] = d
	}
	return m, nil
}

// outputsDigest is the digest of what the loader's search for output packages finds in the module
// at root (loader.ModuleOutputs): each package that names another in +k8s:validation-gen-input,
// with the packages it names.
func outputsDigest(root string) (string, error) {
	d, _, err := outputsAndHeaders(root)
	return d, err
}

// outputsAndHeaders returns the outputs digest of the module at root and its lookup.HeaderDigest,
// from one walk: the header digest stands for the outputs digest in the fast path's records.
func outputsAndHeaders(root string) (outputs, headers string, err error) {
	var hd lookup.HeaderDigester
	found, err := loader.ModuleOutputsVisit(root, hd.Add)
	if err != nil {
		return "", "", err
	}
	dirs := make([]string, 0, len(found))
	for dir := range found {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	h := sha256.New()
	for _, dir := range dirs {
		fmt.Fprintf(h, "%q %q\n", dir, found[dir])
	}
	return hex.EncodeToString(h.Sum(nil)), hd.Sum(), nil
}

// treeRoot returns the directory that a ... pattern walks, when it is one whose packages can
// change without a go.mod changing: a directory pattern, or an import path pattern within a local
// module. An import path pattern that spans modules cannot be cached.
func treeRoot(dir, pattern string, env lookup.GoEnv, pkgs []*packages.Package) (string, bool, error) {
	i := strings.Index(pattern, "...")
	if i < 0 {
		return "", false, nil
	}
	literal := pattern[:i]
	if pattern == "..." {
		return "", false, fmt.Errorf("pattern ... reaches every module")
	}
	if strings.HasPrefix(pattern, ".") || filepath.IsAbs(pattern) {
		base := literal
		if !filepath.IsAbs(base) {
			base = filepath.Join(dir, base) // cleaned: without a trailing separator
		}
		if strings.HasSuffix(literal, "/") || strings.HasSuffix(literal, string(filepath.Separator)) {
			return base, true, nil
		}
		return filepath.Dir(base), true, nil // ./api... walks all of .
	}
	prefix := literal[:strings.LastIndex(literal, "/")+1]
	for _, mod := range localModules(env, pkgs) {
		switch {
		case strings.HasPrefix(prefix, mod.path+"/"):
			return filepath.Join(mod.dir, filepath.FromSlash(strings.TrimPrefix(prefix, mod.path+"/"))), true, nil
		case strings.HasPrefix(mod.path, literal):
			return "", false, fmt.Errorf("pattern %s reaches beyond module %s", pattern, mod.path)
		}
	}
	return "", false, nil
}

func pkgDir(dir string, goFiles []string) string {
	if dir == "" && len(goFiles) > 0 {
		dir = filepath.Dir(goFiles[0])
	}
	return dir
}

// localReplacements adds the go.mod of every directory a go.mod's replace directives name.
func localReplacements(gomod string, files map[string]bool) error {
	data, err := os.ReadFile(gomod)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	f, err := modfile.ParseLax(gomod, data, nil)
	if err != nil {
		return err
	}
	for _, r := range f.Replace {
		if r.New.Version == "" && modfile.IsDirectoryPath(r.New.Path) {
			files[filepath.Join(absDir(filepath.Dir(gomod), r.New.Path), "go.mod")] = true
		}
	}
	return nil
}

// workModules adds the go.mod of every module a go.work uses and every directory it replaces a
// module with.
func workModules(work string, files map[string]bool) error {
	data, err := os.ReadFile(work)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	f, err := modfile.ParseWork(work, data, nil)
	if err != nil {
		return err
	}
	for _, u := range f.Use {
		gomod := filepath.Join(absDir(filepath.Dir(work), u.Path), "go.mod")
		files[gomod] = true
		if err := localReplacements(gomod, files); err != nil {
			return err
		}
	}
	for _, r := range f.Replace {
		if r.New.Version == "" && modfile.IsDirectoryPath(r.New.Path) {
			files[filepath.Join(absDir(filepath.Dir(work), r.New.Path), "go.mod")] = true
		}
	}
	return nil
}

func absDir(base, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(base, filepath.FromSlash(p))
}

type module struct{ path, dir string }

// localModules lists the modules whose files are not fixed: the main module, the workspace's and
// those replaced by directories, as the loaded packages know them, longest path first.
func localModules(env lookup.GoEnv, pkgs []*packages.Package) []module {
	seen := map[string]bool{}
	var out []module
	for _, pkg := range pkgs {
		mod := pkg.Module
		if mod == nil {
			continue
		}
		dir := mod.Dir
		if mod.Replace != nil {
			dir = mod.Replace.Dir
		}
		if dir == "" || env.Fixed(dir) || seen[mod.Path] {
			continue
		}
		seen[mod.Path] = true
		out = append(out, module{mod.Path, dir})
	}
	if gomod := env.Vars["GOMOD"]; gomod != "" && gomod != os.DevNull {
		if data, err := os.ReadFile(gomod); err == nil {
			if path := modfile.ModulePath(data); path != "" && !seen[path] {
				out = append(out, module{path, filepath.Dir(gomod)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i].path) > len(out[j].path) })
	return out
}

// ownFile reports whether a Go file on disk is this generator's output.
func ownFile(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && output.Owned(path, data)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
