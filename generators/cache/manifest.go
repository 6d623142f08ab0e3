package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"github.com/validation-gen/validation-gen/generators/loader"
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

// manifest lists what a run's result depends on beyond its first key: files (go.mod, go.sum,
// go.work, vendor/modules.txt, which may be absent), package directories, the roots of the
// trees that ... patterns walk, and the modules searched for output packages naming the run's
// packages (loader.Program.OutputSearch: what +k8s:validation-gen-input tags the module's
// packages carry). Digests are those at the time of the run, kept to say which input changed
// when a run misses (-v=2).
type manifest struct {
	Files, Dirs, Trees, Outputs []string
	Digests                     map[string]string
}

// buildExts are the extensions of the files besides Go files that the go command builds a
// package from (cgo, assembly, SWIG, syso): any can change a package's export data.
var buildExts = []string{".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".m", ".s", ".S", ".sx",
	".f", ".F", ".for", ".f90", ".swig", ".swigcxx", ".syso"}

// modTimeSlack is how recent a file's time may be, relative to the start of a run, before the
// file may have changed during the run (file systems store times coarsely; the go command's test
// cache uses the same margin).
const modTimeSlack = 2 * time.Second

// newManifest lists a run's inputs and their digests as the run read them. It fails when an input
// may have changed during the run (a file not read by the run modified since it started, a
// package directory whose Go files are not those go list saw): the result might not be the one
// those inputs make.
func newManifest(k *Key, in Inputs) (*manifest, error) {
	m := &manifest{Digests: map[string]string{}}
	files := map[string]bool{}
	dirs := map[string]bool{}
	addModule := func(dir, gomod string, main bool) error {
		if dir == "" || k.env.fixed(dir) {
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
	if gomod := k.env.vars["GOMOD"]; gomod != "" && gomod != os.DevNull {
		if err := addModule(filepath.Dir(gomod), gomod, true); err != nil {
			return nil, err
		}
	}
	if work := k.env.vars["GOWORK"]; work != "" && work != "off" {
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
		if dir := pkgDir(pkg.Dir, pkg.GoFiles); dir != "" && !k.env.fixed(dir) {
			dirs[dir] = true
			// The directory's Go files must be those go list saw.
			var saw []string
			for _, f := range append(append([]string(nil), pkg.GoFiles...), pkg.IgnoredFiles...) {
				if relevantGo(filepath.Base(f)) && !ownFile(f) {
					saw = append(saw, filepath.Base(f))
				}
			}
			now, err := goFiles(dir)
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
		d, err := fileDigest(f, cutoff)
		if err != nil {
			return nil, err
		}
		m.Digests["file:"+f] = d
	}
	for _, dir := range m.Dirs {
		d, err := dirDigest(dir, in.Program, cutoff)
		if err != nil {
			return nil, err
		}
		m.Digests["dir:"+dir] = d
	}
	for _, t := range m.Trees {
		d, err := treeDigest(t, roots, cutoff)
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

// current returns the digests of the manifest's inputs as they are now.
func (m *manifest) current() (map[string]string, error) {
	out := map[string]string{}
	for _, f := range m.Files {
		d, err := fileDigest(f, time.Time{})
		if err != nil {
			return nil, err
		}
		out["file:"+f] = d
	}
	for _, dir := range m.Dirs {
		d, err := dirDigest(dir, nil, time.Time{})
		if err != nil {
			return nil, err
		}
		out["dir:"+dir] = d
	}
	for _, t := range m.Trees {
		d, err := treeDigest(t, nil, time.Time{})
		if err != nil {
			return nil, err
		}
		out["tree:"+t] = d
	}
	for _, root := range m.Outputs {
		d, err := outputsDigest(root)
		if err != nil {
			return nil, err
		}
		out["outputs:"+root] = d
	}
	return out, nil
}

// resultKey is the second key: the first with every listed input's digest, stored ones (at Put,
// fresh is false) or read now.
func (m *manifest) resultKey(k *Key, fresh bool) (string, error) {
	digests := m.Digests
	if fresh {
		var err error
		if digests, err = m.current(); err != nil {
			return "", err
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", k.id)
	for _, kind := range []struct {
		name  string
		paths []string
	}{{"file", m.Files}, {"dir", m.Dirs}, {"tree", m.Trees}, {"outputs", m.Outputs}} {
		for _, p := range kind.paths {
			fmt.Fprintf(h, "%s %q %s\n", kind.name, p, digests[kind.name+":"+p])
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// changed lists the inputs whose digests differ from the manifest's, for -v=2.
func (m *manifest) changed() string {
	now, err := m.current()
	if err != nil {
		return err.Error()
	}
	var out []string
	for k, d := range m.Digests {
		if now[k] != d {
			out = append(out, "\t"+k)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func (c *Cache) readManifest(k *Key) (*manifest, error) {
	data, err := os.ReadFile(c.path(k.id, "m"))
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("manifest %s: %v", c.path(k.id, "m"), err)
	}
	return &m, nil
}

// outputsDigest is the digest of what the loader's search for output packages finds in the module
// at root (loader.ModuleOutputs): each package that names another in +k8s:validation-gen-input,
// with the packages it names.
func outputsDigest(root string) (string, error) {
	found, err := loader.ModuleOutputs(root)
	if err != nil {
		return "", err
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
	return hex.EncodeToString(h.Sum(nil)), nil
}

// fileDigest is the digest of a file, or "absent". With a cutoff, a file modified after it fails.
func fileDigest(path string, cutoff time.Time) (string, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "absent", nil
	}
	if err != nil {
		return "", err
	}
	if err := checkTime(path, cutoff); err != nil {
		return "", err
	}
	return digest(data), nil
}

// dirDigest is the digest of a package directory: the names and contents of its Go files (tests
// aside: they are not part of the package) and its other build files, except this generator's
// outputs. With prog, files the run parsed are taken as it read them; others must be older than
// cutoff.
func dirDigest(dir string, prog *loader.Program, cutoff time.Time) (string, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return "absent", nil
	}
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, e := range entries {
		name := e.Name()
		if !relevantGo(name) && !slices.Contains(buildExts, filepath.Ext(name)) || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		path := filepath.Join(dir, name)
		if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		if strings.HasSuffix(name, ".go") && loader.OwnOutput(path, data) {
			continue
		}
		d := digest(data)
		if prog != nil {
			if read, ok := prog.SourceDigest(path); ok {
				d = read // what the run parsed, even if the file has changed since
			} else if err := checkTime(path, cutoff); err != nil {
				return "", err
			}
		}
		fmt.Fprintf(h, "%q %s\n", name, d)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// treeDigest is the digest of the directories below root that hold Go files, where the go
// command walks when it expands root/...: a new package there changes it. With roots (the run's
// input directories), a directory that is not one of them and changed after cutoff fails: it may
// be a package created during the run.
func treeDigest(root string, roots map[string]bool, cutoff time.Time) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && path == root {
				fmt.Fprintln(h, "absent")
				return nil
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != root {
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || exists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir
			}
		}
		names, err := goFiles(path)
		if err != nil {
			return err
		}
		if len(names) == 0 {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(h, "%q\n", filepath.ToSlash(rel))
		if roots != nil && !roots[path] {
			return checkTime(path, cutoff)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// treeRoot returns the directory that a ... pattern walks, when it is one whose packages can
// change without a go.mod changing: a directory pattern, or an import path pattern within a local
// module. An import path pattern that spans modules cannot be cached.
func treeRoot(dir, pattern string, env goEnv, pkgs []*packages.Package) (string, bool, error) {
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

func checkTime(path string, cutoff time.Time) error {
	if cutoff.IsZero() {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.ModTime().Before(cutoff) {
		return fmt.Errorf("%s was modified during the run", path)
	}
	return nil
}

// relevantGo reports whether a file name is a Go file that can be part of a package (tests and
// the files the go command ignores aside).
func relevantGo(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") &&
		!strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// goFiles returns the sorted names of a directory's Go files that can be part of its package,
// except this generator's outputs.
func goFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !relevantGo(e.Name()) {
			continue
		}
		if !ownFile(filepath.Join(dir, e.Name())) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// ownFile reports whether a Go file on disk is this generator's output.
func ownFile(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && loader.OwnOutput(path, data)
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
func localModules(env goEnv, pkgs []*packages.Package) []module {
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
		if dir == "" || env.fixed(dir) || seen[mod.Path] {
			continue
		}
		seen[mod.Path] = true
		out = append(out, module{mod.Path, dir})
	}
	if gomod := env.vars["GOMOD"]; gomod != "" && gomod != os.DevNull {
		if data, err := os.ReadFile(gomod); err == nil {
			if path := modfile.ModulePath(data); path != "" && !seen[path] {
				out = append(out, module{path, filepath.Dir(gomod)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i].path) > len(out[j].path) })
	return out
}

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
