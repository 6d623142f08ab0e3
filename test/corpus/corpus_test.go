package corpus

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/generators/nativecel"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// self is this repository's module, required by each project's copy as its maintainers would
// (a tool of their go.mod).
const self = "github.com/validation-gen/validation-gen"

// outputs are the Go files validation-gen writes into each package (the defaults of
// --openapi-output-file and --output-file).
var outputs = []string{"zz_generated.openapi.go", "zz_generated.validations.go"}

// row is one project's line of the table in docs/design/corpus.md.
type row struct {
	name, version                 string
	versions, identical           int
	wantRules, gotRules           int
	compiles                      bool
	objects, valid, disagreements int
	perPackage                    string
	warnings                      int
}

func TestCorpus(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_CORPUS") != "1" {
		t.Skip("runs controller-gen and validation-gen over real controller-gen projects fetched through the Go module proxy; " +
			"run it with: VALIDATION_GEN_CORPUS=1 go test ./test/corpus/ -count=1 -v -timeout 3h " +
			"(VALIDATION_GEN_CORPUS_ONLY=name,... for some projects; VALIDATION_GEN_CORPUS_KEEP=dir keeps the modules)")
	}
	root, only := corpusSetup(t)
	var rows []row
	for _, p := range projects {
		if only != nil && !slices.Contains(only, p.name) {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			r := runProject(t, root, p)
			rows = append(rows, r)
		})
	}
	t.Log("| project | version | CRD versions identical | rules (controller-gen / validation-gen) | validators compile and vet | harness: objects (valid on create), disagreements | per-package = joint | warnings |")
	t.Log("| --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range rows {
		compiles := "no"
		if r.compiles {
			compiles = "yes"
		}
		t.Logf("| %s | %s | %d / %d | %d / %d | %s | %d (%d), %d | %s | %d |", r.name, r.version, r.identical, r.versions,
			r.wantRules, r.gotRules, compiles, r.objects, r.valid, r.disagreements, r.perPackage, r.warnings)
	}
}

// corpusSetup prepares the environment of the Go commands and returns a snapshot of this
// repository (root) and the projects VALIDATION_GEN_CORPUS_ONLY selects (nil: all).
func corpusSetup(t *testing.T) (root string, only []string) {
	// The Go commands may ask the module proxy for what a project needs; neither a workspace nor a
	// toolchain switch applies.
	for k, v := range map[string]string{"GOFLAGS": "-mod=mod", "GOWORK": "off", "GOTOOLCHAIN": "local"} {
		t.Setenv(k, v)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// The projects build validation-gen from a snapshot of the working tree, taken once: a run
	// takes an hour, and the tree may change meanwhile.
	root = filepath.Join(t.TempDir(), "validation-gen")
	tempmod.CopyFiles(t, repo, root, func(p string, d fs.DirEntry) bool {
		rel, _ := filepath.Rel(repo, p)
		first := strings.Split(filepath.ToSlash(rel), "/")[0]
		return first != ".git" && first != "testdata" && first != "examples"
	})
	if s := os.Getenv("VALIDATION_GEN_CORPUS_ONLY"); s != "" {
		only = strings.Split(s, ",")
	}
	return root, only
}

// known matches problems against a project's gaps and fails the test on any other; done fails
// on a gap that matched nothing.
type known struct {
	t    *testing.T
	gaps []gap
	used []int
	res  []*regexp.Regexp
}

func newKnown(t *testing.T, gaps []gap) *known {
	k := &known{t: t, gaps: gaps, used: make([]int, len(gaps))}
	for _, g := range gaps {
		k.res = append(k.res, glob(g.match))
	}
	return k
}

// glob compiles a pattern whose '*' matches any text.
func glob(p string) *regexp.Regexp {
	return regexp.MustCompile("(?s)^" + strings.ReplaceAll(regexp.QuoteMeta(p), `\*`, ".*") + "$")
}

// check reports whether problem is a known gap, and fails the test when it is not.
func (k *known) check(problem string) bool {
	k.t.Helper()
	for i, re := range k.res {
		if re.MatchString(problem) {
			k.used[i]++
			return true
		}
	}
	k.t.Error(problem)
	return false
}

func (k *known) done() {
	k.t.Helper()
	for i, g := range k.gaps {
		if k.used[i] == 0 {
			k.t.Errorf("known gap no longer occurs, remove it: %s", g.match)
		} else {
			k.t.Logf("known gap (class %s), %d times: %s: %s", g.class, k.used[i], g.match, g.why)
		}
	}
}

func runProject(t *testing.T, root string, p project) row {
	r := row{name: p.name, version: p.version, perPackage: "yes"}
	dir := t.TempDir()
	if keep := os.Getenv("VALIDATION_GEN_CORPUS_KEEP"); keep != "" {
		dir = filepath.Join(keep, p.name)
		os.RemoveAll(dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	k := newKnown(t, p.gaps)
	defer k.done()
	src := tempmod.Download(t, dir, p.module, p.version)

	// The self-check: controller-gen, as the project runs it in its own module, reproduces the
	// CRDs the project publishes, so that every difference found below is validation-gen's.
	if len(p.published) > 0 {
		crdSrc := src
		if p.crdModule != "" {
			crdSrc = tempmod.Download(t, dir, p.crdModule, p.crdVersion)
		}
		pristine := filepath.Join(dir, "pristine")
		tempmod.CopyTree(t, src, pristine)
		controllerGen(t, pristine, p, filepath.Join(dir, "selfcheck"))
		n := 0
		for _, pub := range p.published {
			entries, err := os.ReadDir(filepath.Join(crdSrc, pub))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if !strings.HasSuffix(e.Name(), ".yaml") || e.Name() == "kustomization.yaml" {
					continue
				}
				n++
				var diffs []difference
				compare("", withoutAnnotations(load(t, filepath.Join(crdSrc, pub, e.Name()))),
					withoutAnnotations(load(t, filepath.Join(dir, "selfcheck", e.Name()))), &diffs)
				for _, d := range diffs {
					k.check(fmt.Sprintf("selfcheck:%s:%s: published %s, controller-gen %s", e.Name(), d.path, show(d.want), show(d.got)))
				}
			}
		}
		t.Logf("self-check: controller-gen %s reproduces the %d CRDs published in %s", p.controllerGen, n, strings.Join(p.published, ", "))
	} else {
		t.Logf("no self-check: %s", p.selfCheck)
	}

	mod := toolModule(t, root, src, filepath.Join(dir, "module"), p)
	patterns := p.patterns()

	// The reference: controller-gen in the same module graph, on the project's sources as they are.
	controllerGen(t, mod, p, filepath.Join(dir, "want"))
	patched := applyPatches(t, mod, p)

	// validation-gen, once over every package (patches, if any, must still be needed).
	joint := append([]string{"tool", "validation-gen", "--crd-dir", filepath.Join(dir, "got"),
		"--openapi-json", filepath.Join(dir, "openapi.json")}, p.flags...)
	joint = append(joint, patterns...)
	if len(p.patches) > 0 {
		checkPatches(t, src, dir, p, patched, joint)
	}
	out, err := goCmd(mod, joint...)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, ": warning: ") {
			r.warnings++
		}
	}
	if err != nil {
		// A generator error on input controller-gen accepts is a gap of the front end's classes
		// ("gen:<line>"); when every error is one, the project stops here.
		known := true
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, ": warning: ") || !strings.Contains(line, ".go:") {
				continue
			}
			known = k.check("gen:"+strings.TrimSpace(line)) && known
		}
		if !known {
			t.Fatalf("validation-gen over %s: %v\n%s", strings.Join(patterns, " "), err, out)
		}
		r.perPackage = "-"
		entries, _ := os.ReadDir(filepath.Join(dir, "want"))
		for _, e := range entries {
			want := load(t, filepath.Join(dir, "want", e.Name()))
			r.versions += len(versionNames(want))
			r.wantRules += countRules(want)
		}
		t.Logf("validation-gen stops on known gaps: no CRDs, no validators\n%s", out)
		return r
	}
	t.Logf("validation-gen over %s: %d warnings", strings.Join(patterns, " "), r.warnings)
	if r.warnings > 0 {
		t.Log(out)
	}
	celReport(t, mod, append(append([]string{"tool", "validation-gen", "--cel-report"}, p.flags...), patterns...))

	dropCRDs(t, filepath.Join(dir, "got"), p)
	compareCRDs(t, k, dir, &r)
	serve(t, k, dir)

	// The generated Go compiles and vets.
	if out, err := goCmd(mod, append([]string{"vet"}, patterns...)...); err != nil {
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			k.check("vet:" + line)
		}
	} else {
		r.compiles = true
	}

	pkgs := listPackages(t, mod, patterns)
	if !perPackage(t, k, dir, mod, p, pkgs) {
		r.perPackage = "no"
	}
	if r.compiles {
		harness(t, k, root, dir, mod, p, pkgs, &r)
	}
	return r
}

// toolModule copies the project's module (src) to mod with validation-gen (the snapshot at root)
// as a tool of its go.mod, as its maintainers would have it, and returns mod.
func toolModule(t *testing.T, root, src, mod string, p project) string {
	tempmod.CopyTree(t, src, mod)
	goVersion := strings.TrimSpace(string(tempmod.Go(t, root, "list", "-m", "-f", "{{.GoVersion}}")))
	modGo := strings.TrimSpace(string(tempmod.Go(t, mod, "list", "-m", "-f", "{{.GoVersion}}")))
	edit := []string{"mod", "edit", "-require=" + self + "@v0.0.0", "-replace=" + self + "=" + root, "-tool=" + self + "/cmd/validation-gen"}
	if versionLess(modGo, goVersion) {
		edit = append(edit, "-go="+goVersion)
	}
	tempmod.Go(t, mod, edit...)
	sum := append(tempmod.ReadFile(t, filepath.Join(mod, "go.sum")), tempmod.ReadFile(t, filepath.Join(root, "go.sum"))...)
	tempmod.WriteFile(t, filepath.Join(mod, "go.sum"), sum)
	upgrade(t, mod, p)
	tempmod.Go(t, mod, append([]string{"list", "-deps", self + "/cmd/validation-gen"}, p.patterns()...)...)
	return mod
}

// dropCRDs deletes from validation-gen's CRDs in dir those the project deletes after
// controller-gen: the CRD of the same group whose kind the dropped file's plural names.
func dropCRDs(t *testing.T, dir string, p project) {
	if len(p.drop) == 0 {
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		doc, _ := load(t, filepath.Join(dir, e.Name())).(map[string]any)
		spec, _ := doc["spec"].(map[string]any)
		names, _ := spec["names"].(map[string]any)
		kind, _ := names["kind"].(string)
		group, _ := spec["group"].(string)
		for _, f := range p.drop {
			g, plural, _ := strings.Cut(strings.TrimSuffix(f, ".yaml"), "_")
			if k := strings.ToLower(kind); kind != "" && g == group && strings.HasPrefix(plural, k[:len(k)-1]) {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
}

// versionLess compares two Go versions (1.25.0, 1.26).
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// controllerGen runs the project's controller-gen with its options over its packages in dir,
// writing the CRDs to out.
func controllerGen(t *testing.T, dir string, p project, out string) {
	runs := p.runs
	if runs == nil {
		runs = [][]string{p.dirs}
	}
	for _, run := range runs {
		args := []string{"run", "sigs.k8s.io/controller-tools/cmd/controller-gen@" + p.controllerGen, p.crdOptions}
		for _, d := range run {
			args = append(args, "paths="+pattern(d))
		}
		args = append(args, "output:crd:dir="+out)
		if o, err := goCmd(dir, args...); err != nil {
			t.Fatalf("controller-gen: %v\n%s", err, o)
		}
	}
	for _, f := range p.drop {
		if err := os.Remove(filepath.Join(out, f)); err != nil {
			t.Fatal(err)
		}
	}
}

// applyPatches applies the project's patches to the Go files of its API directories and returns
// the files it changed.
func applyPatches(t *testing.T, mod string, p project) []string {
	return applyEdits(t, mod, p.dirs, p.patches)
}

// applyEdits applies edits to the Go files of dirs in mod (an edit's file is a glob over their
// paths relative to the module) and returns the files it changed.
func applyEdits(t *testing.T, mod string, dirs []string, edits []patch) []string {
	var changed []string
	for _, pt := range edits {
		re, n := glob(pt.file), 0
		for _, d := range dirs {
			filepath.WalkDir(filepath.Join(mod, d), func(path string, e os.DirEntry, err error) error {
				if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || !re.MatchString(rel(mod, path)) {
					return err
				}
				b := string(tempmod.ReadFile(t, path))
				if strings.Contains(b, pt.old) {
					n++
					tempmod.WriteFile(t, path, []byte(strings.ReplaceAll(b, pt.old, pt.new)))
					if !slices.Contains(changed, rel(mod, path)) {
						changed = append(changed, rel(mod, path))
					}
				}
				return nil
			})
		}
		if n == 0 {
			t.Fatalf("edit of %s: %q is in no file", pt.file, pt.old)
		}
	}
	return changed
}

// checkPatches runs validation-gen once on the unpatched sources and requires each patch's
// diagnostic: a patch that is no longer needed fails the test.
func checkPatches(t *testing.T, src, dir string, p project, patched []string, joint []string) {
	raw := filepath.Join(dir, "unpatched")
	tempmod.CopyTree(t, filepath.Join(dir, "module"), raw)
	for _, f := range patched {
		// The project's file, with the edits for controller-runtime that the module has too.
		b := string(tempmod.ReadFile(t, filepath.Join(src, f)))
		for _, e := range p.upgrade {
			if glob(e.file).MatchString(f) {
				b = strings.ReplaceAll(b, e.old, e.new)
			}
		}
		tempmod.WriteFile(t, filepath.Join(raw, f), []byte(b))
	}
	args := slices.Clone(joint)
	for i, a := range args {
		if i > 0 && (args[i-1] == "--crd-dir" || args[i-1] == "--openapi-json") {
			args[i] = filepath.Join(raw, "out-"+filepath.Base(a))
		}
	}
	out, _ := goCmd(raw, args...)
	for _, pt := range p.patches {
		re := glob(pt.diag)
		found := false
		for _, line := range strings.Split(out, "\n") {
			found = found || re.MatchString(line)
		}
		if !found {
			t.Errorf("patch of %s (class %s) is no longer needed: the unpatched run does not report %q; remove it", pt.file, pt.class, pt.diag)
		} else {
			t.Logf("patch of %s (class %s): %s", pt.file, pt.class, pt.why)
		}
	}
	os.RemoveAll(raw)
}

// compareCRDs compares controller-gen's CRDs (want) with validation-gen's (got): every difference
// is a gap, annotations aside (withoutAnnotations). A version is identical when nothing in it,
// and nothing of its CRD outside the versions, differs.
func compareCRDs(t *testing.T, k *known, dir string, r *row) {
	names := map[string]bool{}
	for _, d := range []string{"want", "got"} {
		entries, err := os.ReadDir(filepath.Join(dir, d))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			names[e.Name()] = true
		}
	}
	var sorted []string
	for n := range names {
		sorted = append(sorted, n)
	}
	slices.Sort(sorted)
	for _, name := range sorted {
		want := withoutAnnotations(load(t, filepath.Join(dir, "want", name)))
		got := withoutAnnotations(load(t, filepath.Join(dir, "got", name)))
		r.wantRules += countRules(want)
		r.gotRules += countRules(got)
		var diffs []difference
		compare("", want, got, &diffs)
		versions := versionNames(want)
		if want == nil {
			versions = versionNames(got)
		}
		differs := map[string]bool{}
		whole := false
		for _, d := range diffs {
			k.check(fmt.Sprintf("crd:%s:%s: controller-gen %s, validation-gen %s", strings.TrimSuffix(name, ".yaml"), d.path, show(d.want), show(d.got)))
			if v, ok := strings.CutPrefix(d.path, ".spec.versions["); ok {
				differs[v[:strings.Index(v, "]")]] = true
			} else {
				whole = true
			}
		}
		for _, v := range versions {
			r.versions++
			if !whole && !differs[v] {
				r.identical++
			}
		}
	}
	t.Logf("%d CRD files, %d of %d versions identical; %d rules by controller-gen, %d by validation-gen",
		len(sorted), r.identical, r.versions, r.wantRules, r.gotRules)
}

// serve checks that the API server accepts every generated CRD (CEL compilation and cost
// estimates included) and writes them to served/ for the harness, with the approval annotation
// that a protected group (*.k8s.io, *.kubernetes.io) requires and that projects add after
// controller-gen.
func serve(t *testing.T, k *known, dir string) {
	entries, err := os.ReadDir(filepath.Join(dir, "got"))
	if err != nil {
		t.Fatal(err)
	}
	rejected := 0
	for _, e := range entries {
		doc := load(t, filepath.Join(dir, "got", e.Name())).(map[string]any)
		group, _, _ := strings.Cut(e.Name(), "_")
		if (strings.HasSuffix(group, ".k8s.io") || strings.HasSuffix(group, ".kubernetes.io")) && !strings.HasSuffix(group, ".x-k8s.io") {
			md, _ := doc["metadata"].(map[string]any)
			ann, _ := md["annotations"].(map[string]any)
			if ann == nil {
				ann = map[string]any{}
			}
			ann["api-approved.kubernetes.io"] = "https://github.com/kubernetes/enhancements/pull/1111"
			md["annotations"] = ann
		}
		data, err := yaml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		tempmod.WriteFile(t, filepath.Join(dir, "served", e.Name()), data)
		if _, err := crdcheck.Validate(data); err != nil {
			rejected++
			k.check(fmt.Sprintf("server:%s: %v", e.Name(), err))
		}
	}
	t.Logf("the API server's CRD validation accepts %d of %d CRDs", len(entries)-rejected, len(entries))
}

// pkg is one Go package of the project's API directories.
type pkg struct{ dir, name, importPath string }

func listPackages(t *testing.T, mod string, patterns []string) []pkg {
	out := tempmod.Go(t, mod, append([]string{"list", "-f", "{{.Dir}}\t{{.Name}}\t{{.ImportPath}}"}, patterns...)...)
	var pkgs []pkg
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		pkgs = append(pkgs, pkg{dir: f[0], name: f[1], importPath: f[2]})
	}
	return pkgs
}

// perPackage runs validation-gen as go generate does with one directive per package (each
// package's doc.go saying //go:generate go tool validation-gen --crd-dir ... .), after the joint
// run, and requires the same Go files, and in each per-package CRD, the same versions as the
// joint run's CRD.
func perPackage(t *testing.T, k *known, dir, mod string, p project, pkgs []pkg) bool {
	before := map[string]string{}
	for _, pk := range pkgs {
		for _, o := range outputs {
			if b, err := os.ReadFile(filepath.Join(pk.dir, o)); err == nil {
				before[filepath.Join(pk.dir, o)] = string(b)
			}
		}
	}
	// The harness runs on the joint run's files.
	defer func() {
		for f, b := range before {
			tempmod.WriteFile(t, f, []byte(b))
		}
	}()
	for i, pk := range pkgs {
		crds, err := filepath.Rel(pk.dir, filepath.Join(dir, "perpkg", strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		directive := "//go:generate go tool validation-gen --crd-dir " + filepath.ToSlash(crds)
		if len(p.flags) > 0 {
			directive += " " + strings.Join(p.flags, " ")
		}
		tempmod.WriteFile(t, filepath.Join(pk.dir, "zz_corpus_generate.go"), []byte("package "+pk.name+"\n\n"+directive+" .\n"))
	}
	out, err := goCmd(mod, append([]string{"generate", "-run", "validation-gen"}, p.patterns()...)...)
	for _, pk := range pkgs {
		os.Remove(filepath.Join(pk.dir, "zz_corpus_generate.go"))
	}
	same := true
	problem := func(s string) {
		same = false
		k.check("perpkg:" + s)
	}
	if err != nil {
		problem(fmt.Sprintf("go generate: %v: %s", err, lastLines(out, 20)))
		return false
	}
	for i, pk := range pkgs {
		for _, o := range outputs {
			f := filepath.Join(pk.dir, o)
			b, err := os.ReadFile(f)
			switch {
			case err != nil && before[f] != "":
				problem(fmt.Sprintf("%s: written by the joint run, not by the package's own", rel(mod, f)))
			case err == nil && before[f] == "":
				problem(fmt.Sprintf("%s: written by the package's own run, not by the joint one", rel(mod, f)))
			case err == nil && string(b) != before[f]:
				problem(fmt.Sprintf("%s: the package's own run writes another file than the joint run", rel(mod, f)))
			}
		}
		crds := filepath.Join(dir, "perpkg", strconv.Itoa(i))
		dropCRDs(t, crds, p)
		entries, _ := os.ReadDir(crds)
		for _, e := range entries {
			own := load(t, filepath.Join(crds, e.Name()))
			joint := load(t, filepath.Join(dir, "got", e.Name()))
			if joint == nil {
				problem(fmt.Sprintf("%s: %s: a CRD the joint run does not write", pk.importPath, e.Name()))
				continue
			}
			jv := map[string]any{}
			for _, v := range joint.(map[string]any)["spec"].(map[string]any)["versions"].([]any) {
				jv[v.(map[string]any)["name"].(string)] = v
			}
			for _, v := range own.(map[string]any)["spec"].(map[string]any)["versions"].([]any) {
				vm := v.(map[string]any)
				name := vm["name"].(string)
				var diffs []difference
				compare("", withoutStorage(vm), withoutStorage(jv[name]), &diffs)
				for _, d := range diffs {
					problem(fmt.Sprintf("%s: %s: version %s%s: package's own run %s, joint run %s", pk.importPath, e.Name(), name, d.path, show(d.want), show(d.got)))
				}
			}
		}
	}
	t.Logf("go generate with one directive in each of %d packages: %s", len(pkgs), map[bool]string{true: "the same Go files and CRD versions as the joint run", false: "differences"}[same])
	return same
}

// withoutStorage drops a CRD version's storage flag: a per-package run sees one version of a
// kind only, and says it is stored.
func withoutStorage(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	c := map[string]any{}
	for k, x := range m {
		if k != "storage" {
			c[k] = x
		}
	}
	return c
}

func rel(base, p string) string {
	if r, err := filepath.Rel(base, p); err == nil {
		return r
	}
	return p
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

// harness runs harness_test.go.txt in a package of the project's module: the two-way equivalence
// harness on random objects of every served kind and version, generated validators against the
// API server's validation built from the generated CRDs.
func harness(t *testing.T, k *known, root, dir, mod string, p project, pkgs []pkg, r *row) {
	h := filepath.Join(mod, "corpusharness")
	tempmod.WriteFile(t, filepath.Join(h, "harness_test.go"), tempmod.ReadFile(t, "harness_test.go.txt"))
	for _, f := range p.extra {
		tempmod.WriteFile(t, filepath.Join(h, strings.TrimSuffix(f, ".txt")), tempmod.ReadFile(t, filepath.Join("testdata", p.name, f)))
	}
	var imports, adds []string
	for i, pk := range pkgs {
		if !declares(t, pk.dir, p.install) {
			continue
		}
		alias := fmt.Sprintf("p%d", i)
		imports = append(imports, fmt.Sprintf("\t%s %q", alias, pk.importPath))
		adds = append(adds, alias+"."+p.install)
		if _, err := os.Stat(filepath.Join(pk.dir, "zz_generated.validations.go")); err == nil {
			adds = append(adds, alias+".RegisterValidations")
		}
	}
	var words []string
	for _, w := range p.words {
		words = append(words, strconv.Quote(w))
	}
	src := fmt.Sprintf(`package harness

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

%s
)

// scheme installs %s's packages and their generated validators.
func scheme(t testing.TB) *runtime.Scheme {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		%s,
	} {
		if err := add(s); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

var projectWords = []string{%s}
`, strings.Join(imports, "\n"), p.name, strings.Join(adds, ",\n\t\t"), strings.Join(words, ", "))
	tempmod.WriteFile(t, filepath.Join(h, "project_test.go"), []byte(src))
	if out, err := goCmd(mod, "list", "-deps", "-test", "./corpusharness"); err != nil {
		t.Fatalf("harness: %v\n%s", err, out)
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", "-timeout=60m", "-run", "TestTwoWay", "./corpusharness")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "HARNESS_DIR="+dir)
	b, err := cmd.CombinedOutput()
	out := string(b)
	twoway := regexp.MustCompile(`TWOWAY \d+ kinds and versions, (\d+) random objects \((\d+) valid on create.*; (\d+) disagree`)
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if m := twoway.FindStringSubmatch(line); m != nil {
			r.objects, _ = strconv.Atoi(m[1])
			r.valid, _ = strconv.Atoi(m[2])
			r.disagreements, _ = strconv.Atoi(m[3])
		}
		if strings.Contains(line, "TWOWAY") || strings.Contains(line, "CATEGORY") || strings.Contains(line, "KNOWN") || strings.Contains(line, "disagree") && strings.Contains(line, "objects") {
			t.Log(line)
		}
	}
	if err != nil {
		// Why the harness failed besides disagreements: kinds whose valid objects MakeValid does
		// not reach ("only 3 of 150 objects are valid on create").
		var few []string
		for _, line := range strings.Split(out, "\n") {
			if _, after, ok := strings.Cut(line, "objects are valid on create"); ok || after != "" {
				few = append(few, strings.TrimSpace(line))
			}
		}
		switch {
		case r.objects == 0:
			k.check("harness: " + lastLines(out, 40))
		case r.disagreements == 0 && len(few) > 0:
			k.check("harness: " + strings.Join(few, "; "))
		default:
			k.check(fmt.Sprintf("harness: %d of %d objects disagree", r.disagreements, r.objects))
		}
	}
	if len(p.extra) > 0 {
		cmd := exec.Command("go", "test", "-count=1", "-run", "^$", "-bench", ".", "-benchmem", "./corpusharness")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "HARNESS_DIR="+dir)
		b, err := cmd.CombinedOutput()
		out := string(b)
		if err != nil {
			t.Errorf("benchmark: %v\n%s", err, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "Benchmark") {
				t.Log(strings.TrimSpace(line))
			}
		}
	}
}

// declares reports whether the package in dir declares name at the top level.
func declares(t *testing.T, dir, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if declaredIn(f, name) {
			return true
		}
	}
	return false
}

// declaredIn reports whether f declares name as a function or a variable.
func declaredIn(f *ast.File, name string) bool {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name == name {
				return true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						if n.Name == name {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

func goCmd(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// pattern is the package pattern of an API directory.
func pattern(dir string) string {
	return "./" + filepath.ToSlash(filepath.Join(dir, "..."))
}

// patterns are the package patterns of the project's API directories.
func (p project) patterns() []string {
	out := make([]string, len(p.dirs))
	for i, d := range p.dirs {
		out[i] = pattern(d)
	}
	return out
}

// celShare is what --cel-report says of a project's CEL rules: how many there are, how many run
// compiled to Go, and the others' lines (file:line: interpreted: why).
type celShare struct {
	total, native int
	interpreted   []string
}

// celReport logs how many of the project's CEL rules run compiled to Go in its validators
// (--cel-report), and why the others run in cel-go.
func celReport(t *testing.T, mod string, args []string) celShare {
	out, err := goCmd(mod, args...)
	if err != nil {
		t.Errorf("validation-gen --cel-report: %v\n%s", err, out)
		return celShare{}
	}
	return parseCELReport(t, out)
}

// parseCELReport reads --cel-report's output and logs the counts and reasons.
func parseCELReport(t *testing.T, out string) celShare {
	var s celShare
	why := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		switch _, reason, interpreted := strings.Cut(l, ": interpreted: "); {
		case strings.HasSuffix(l, ": native"):
			s.native++
			s.total++
		case interpreted:
			why[nativecel.Construct(reason)]++
			s.interpreted = append(s.interpreted, l)
			s.total++
		}
	}
	if s.total == 0 {
		t.Logf("CEL rules of the validators: none")
		return s
	}
	t.Logf("CEL rules of the validators: %d, %d compiled to Go (%.1f%%)", s.total, s.native, 100*float64(s.native)/float64(s.total))
	for reason, n := range why {
		t.Logf("  in cel-go %4d: %s", n, reason)
	}
	return s
}
