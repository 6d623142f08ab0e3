package generators_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// The behaviour tests compile the typed validators that the generator writes for the golden
// folders, and run them. A folder of ../testdata/tags opts in with a behaviour_test.go.txt beside
// its types.go (or beside v1/types.go, ...): Go source in the package of those types that declares
//
//	func TestBehaviour(t *testing.T)
//
// and checks, with package bt (behaviourHelpers below), the exact errors of the generated
// Validate_ functions for valid and invalid values, on create and on update: their type, field
// path and origin (and, where a case says so, their detail). ../testdata/README.md describes them.
//
// TestBehaviour builds one temporary module, validationgen.test/behaviour, that holds a copy of
// every such folder (Go files and behaviour files; golden files stay behind) and package bt. Its
// go.mod is this repository's (go directive and requirements; tool directives dropped) under the
// new module path, plus
//
//	require github.com/validation-gen/validation-gen v0.0.0
//	replace github.com/validation-gen/validation-gen => <this working tree>
//
// and its go.sum is this repository's: the module graph is the repository's, so modules come from
// the module cache (or the module proxy, on a machine that has not built everything yet), as for
// the repository's own build. Go commands run with GOFLAGS=-mod=readonly, GOWORK=off and
// GOTOOLCHAIN=local (set with t.Setenv, so go/packages inside generators.Run sees them too).
//
// generators.Run then writes zz_generated.validations.go into each copied folder (one run per
// folder, as the golden tests do: pattern ./..., compatibility version 1.37 or the folder's
// compat.txt, format fallbacks on, no other output), and each behaviour file becomes behaviour.go,
// an ordinary file of its package. `go build -json ./...` compiles every package: one that does not
// compile (a generator bug, or a broken behaviour file) fails with the compiler's output, and the
// others still run. Last, a test written into the module root imports every package that compiled
// and runs its TestBehaviour as a subtest named after the folder, in one `go test`: one build and
// one test binary for all folders (linking a binary with the CEL runtime takes seconds; one per
// folder would take most of a minute).
//
// BEHAVIOUR_DIR=dir builds the module in dir (empty or absent) and leaves it there, to read the
// generated code or rerun `go test` in it.
//
// A behaviour file is a .txt file because it only compiles next to the generated code (testdata
// is outside ./..., but the suffix also keeps gofmt, vet and editors away from it).
const behaviourFile = "behaviour_test.go.txt"

// behaviourModule is the module path of the temporary module.
const behaviourModule = "validationgen.test/behaviour"

// behaviourPkg is a package with a behaviour file.
type behaviourPkg struct {
	rel  string // its directory below the module root, which is its folder below ../testdata/tags
	name string // its package name
}

// TestBehaviour generates, compiles and runs the behaviour files of ../testdata/tags.
func TestBehaviour(t *testing.T) {
	start := time.Now()
	root := repoRoot(t)
	// The Go commands (go/packages in generators.Run, go build and go test below) must not touch
	// the network or a workspace, nor switch toolchains.
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}

	mod := t.TempDir()
	if keep := os.Getenv("BEHAVIOUR_DIR"); keep != "" {
		if entries, err := os.ReadDir(keep); err == nil && len(entries) > 0 {
			t.Fatalf("BEHAVIOUR_DIR %s is not empty", keep)
		}
		mod = absDir(t, keep)
	}
	if err := tempmod.Write(root, behaviourModule, mod); err != nil {
		t.Fatal(err)
	}
	tempmod.WriteFile(t, filepath.Join(mod, "bt", "bt.go"), goSource(t, "bt.go", behaviourHelpers))
	tempmod.WriteFile(t, filepath.Join(mod, "bt", "server.go"), goSource(t, "server.go", serverHelpers))

	// Copy the folders that have behaviour files, and list their packages.
	tags := absDir(t, tagsDir)
	var pkgs []behaviourPkg
	var folders []string
	for _, name := range caseDirs(t, tagsDir) {
		src := filepath.Join(tags, name)
		n := len(pkgs)
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || d.Name() != behaviourFile {
				return err
			}
			rel, _ := filepath.Rel(tags, filepath.Dir(p))
			bp := behaviourPkg{rel: filepath.ToSlash(rel), name: packageName(t, filepath.Dir(p))}
			if clause := behaviourPackage(t, p); clause != bp.name {
				t.Errorf("%s/%s: package %s, want %s (the package of the folder's types)", bp.rel, behaviourFile, clause, bp.name)
				return nil
			}
			if src, err := os.ReadFile(p); err == nil {
				if fmted, ferr := format.Source(src); ferr == nil && !bytes.Equal(fmted, src) {
					t.Errorf("%s/%s is not gofmt-clean", bp.rel, behaviourFile)
				}
			}
			pkgs = append(pkgs, bp)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(pkgs) > n {
			folders = append(folders, name)
			copyTree(t, src, filepath.Join(mod, name))
		}
	}
	if len(folders) == 0 {
		t.Fatalf("no %s under %s", behaviourFile, tagsDir)
	}

	// Generate the validators of each copy, one run per folder, as many at a time as there are
	// CPUs (each run type-checks the folder's dependencies).
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, name := range folders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if msg := generateValidators(filepath.Join(mod, name), filepath.Join(tags, name)); msg != "" {
				mu.Lock()
				failures = append(failures, name+": "+msg)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(failures) > 0 {
		sort.Strings(failures)
		t.Fatalf("generating validators:\n%s", strings.Join(failures, "\n"))
	}
	generated := time.Now()

	// Behaviour files become ordinary files of their packages.
	for _, p := range pkgs {
		dir := filepath.Join(mod, filepath.FromSlash(p.rel))
		if err := os.Rename(filepath.Join(dir, behaviourFile), filepath.Join(dir, "behaviour.go")); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "zz_generated.validations.go")); err != nil {
			t.Errorf("%s: the generator wrote no validators for a package with a behaviour file", p.rel)
		}
	}

	// Compile every package first: generated code that does not compile fails its folder only,
	// and the root test runs the others.
	broken := buildPackages(t, mod)
	var runnable []behaviourPkg
	for _, p := range pkgs {
		if msg, ok := broken[path.Join(behaviourModule, p.rel)]; ok {
			t.Errorf("%s does not compile (generated code or behaviour file):\n%s", p.rel, tidyOutput(msg, mod))
			continue
		}
		runnable = append(runnable, p)
	}
	// The generated code is vet-clean (the fixtures' own types may not be: embedded/ repeats a
	// JSON name on purpose).
	if out, err := goCommand(mod, "vet", "./..."); err != nil {
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, "zz_generated.") {
				t.Errorf("go vet: %s", tidyOutput(line, mod))
			}
		}
	}
	if len(runnable) > 0 {
		tempmod.WriteFile(t, filepath.Join(mod, "behaviour_test.go"), behaviourMain(t, runnable))
		args := []string{"test", "-count=1"}
		if testing.Verbose() {
			args = append(args, "-v")
		}
		out, err := goCommand(mod, append(args, ".")...)
		if err != nil {
			t.Errorf("go test in the behaviour module failed: %v\n%s", err, tidyOutput(string(out), mod))
		} else if testing.Verbose() {
			t.Logf("go test in the behaviour module:\n%s", tidyOutput(string(out), mod))
		}
	}
	t.Logf("%d folders, %d packages (%d compiled): generating %v, building and running %v",
		len(folders), len(pkgs), len(runnable), generated.Sub(start).Round(time.Millisecond), time.Since(generated).Round(time.Millisecond))
}

// buildPackages compiles every package of the module and returns the compiler output of those
// that fail, by import path.
func buildPackages(t *testing.T, mod string) map[string]string {
	t.Helper()
	cmd := exec.Command("go", "build", "-json", "./...")
	cmd.Dir = mod
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	output := map[string]string{}
	broken := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var ev struct{ ImportPath, Action, Output string }
		if derr := dec.Decode(&ev); derr != nil {
			t.Fatalf("go build -json: %v (%v)\n%s%s", derr, err, out, stderr.Bytes())
		}
		switch ev.Action {
		case "build-output":
			output[ev.ImportPath] += ev.Output
		case "build-fail":
			broken[ev.ImportPath] = output[ev.ImportPath]
		}
	}
	if err != nil && len(broken) == 0 {
		t.Fatalf("go build failed: %v\n%s%s", err, out, stderr.Bytes())
	}
	return broken
}

// goCommand runs the go command in dir, in the environment TestBehaviour set up.
func goCommand(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// generateValidators runs the generator over a copied folder and writes its validators. It
// returns a failure message, or "".
func generateValidators(dir, orig string) string {
	opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}
	if b, err := os.ReadFile(filepath.Join(orig, "compat.txt")); err == nil {
		v, err := version.ParseMajorMinor(strings.TrimSpace(string(b)))
		if err != nil {
			return "compat.txt: " + err.Error()
		}
		opts.Compat = v
	}
	if b, err := os.ReadFile(filepath.Join(orig, "flags.txt")); err == nil {
		if err := parseFlags(string(b), &opts); err != nil {
			return "flags.txt: " + err.Error()
		}
	}
	out, diags, err := generators.Run(generators.Config{
		Dir: dir, Patterns: []string{"./..."},
		OutputFile: "zz_generated.validations.go", OpenAPIOutputFile: "",
		Options: opts,
	})
	if err != nil {
		return err.Error()
	}
	if out == nil { // warnings are the golden run's business (warnings.txt)
		return "unexpected diagnostics:\n" + diags.Error(dir)
	}
	if err := out.Write(); err != nil {
		return err.Error()
	}
	return ""
}

// behaviourMain is the test of the module root: one subtest per package with a behaviour file,
// named after its folder (and subfolder).
func behaviourMain(t *testing.T, pkgs []behaviourPkg) []byte {
	t.Helper()
	var imports, runs strings.Builder
	for i, p := range pkgs {
		alias := fmt.Sprintf("p%d", i)
		fmt.Fprintf(&imports, "\t%s %q\n", alias, path.Join(behaviourModule, p.rel))
		fmt.Fprintf(&runs, "\tt.Run(%q, %s.TestBehaviour)\n", p.rel, alias)
	}
	src := "package behaviour_test\n\nimport (\n\t\"testing\"\n\n" + imports.String() + ")\n\n" +
		"// TestBehaviour runs the behaviour file of every folder.\nfunc TestBehaviour(t *testing.T) {\n" + runs.String() + "}\n"
	return goSource(t, "behaviour_test.go", src)
}

// repoRoot is the directory of this repository's go.mod: the parent of the package directory
// the test runs in.
func repoRoot(t *testing.T) string {
	t.Helper()
	root := absDir(t, "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s: %v", root, err)
	}
	return root
}

// packageName is the package of the Go files in dir (its types.go).
func packageName(t *testing.T, dir string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return behaviourPackage(t, f)
		}
	}
	t.Fatalf("%s has a %s but no Go files", dir, behaviourFile)
	return ""
}

// behaviourPackage is the package clause of a Go file.
func behaviourPackage(t *testing.T, file string) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	return f.Name.Name
}

// copyTree copies the Go sources and behaviour files of a folder, subfolders included, and its
// golden CRDs and OpenAPI document, which a behaviour file may validate objects with as the API
// server does (TestGolden keeps them current); other golden files stay behind.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	tempmod.CopyFiles(t, src, dst, func(p string, d fs.DirEntry) bool {
		return strings.HasSuffix(p, ".go") && !strings.HasPrefix(d.Name(), "zz_generated.") || d.Name() == behaviourFile ||
			d.Name() == "crd.yaml" || d.Name() == "openapi.json"
	})
}

// goSource checks that generated test source is gofmt-clean Go.
func goSource(t *testing.T, name, src string) []byte {
	t.Helper()
	b, err := format.Source([]byte(src))
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, src)
	}
	if string(b) != src {
		t.Fatalf("%s is not gofmt-clean", name)
	}
	return b
}

// tidyOutput shortens the temporary module's paths in go test's output.
func tidyOutput(out, mod string) string {
	return strings.ReplaceAll(out, mod+string(filepath.Separator), "")
}

// behaviourHelpers is package bt of the behaviour module: the table runner the behaviour files
// use.
const behaviourHelpers = `// Package bt runs tables of cases against generated Validate_ functions.
package bt

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/genruntime"
)

// Err is an expected error: its type, field path (relative to the validated value; "" is the
// value itself) and origin, and, when Detail is not empty, its detail.
type Err struct {
	Type   field.ErrorType
	Field  string
	Origin string
	Detail string
	// Level is the stability level the error must be marked with: "", "Alpha" or "Beta".
	Level string
}

// E is an expected error without a check of its detail.
func E(typ field.ErrorType, fld, origin string) Err {
	return Err{Type: typ, Field: fld, Origin: origin}
}

// WithDetail also checks the error's detail.
func (e Err) WithDetail(d string) Err { e.Detail = d; return e }

// Alpha and Beta expect the error marked with that stability level (+k8s:alpha, +k8s:beta).
func (e Err) Alpha() Err { e.Level = "Alpha"; return e }
func (e Err) Beta() Err  { e.Level = "Beta"; return e }

func level(e *field.Error) string {
	switch {
	case e.IsAlpha():
		return "Alpha"
	case e.IsBeta():
		return "Beta"
	}
	return ""
}

// Case is one call of a validator: a create when Old is nil, else an update from Old.
type Case[T any] struct {
	Name string
	Obj  *T
	Old  *T
	// NoRatcheting turns ratcheting off for the update (genruntime.DisableRatcheting).
	NoRatcheting bool
	// Options are the operation's validation options (+k8s:ifEnabled, +k8s:ifDisabled).
	Options map[string]bool
	// Want is every error, in order; empty for a valid value.
	Want []Err
	// AtRoot, when set, is every error of the call at the root (fldPath nil), where it differs
	// from Want: an embedded field's errors are under its Go name there, as Kubernetes'
	// validation-gen places them.
	AtRoot []Err
}

// Validator is the signature of a generated Validate_T.
type Validator[T any] func(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *T) field.ErrorList

// Run runs the cases. Each runs twice: at the root (fldPath nil), where the errors' fields must be
// those of Want, and below a path ("root"), where they must be re-rooted there.
func Run[T any](t *testing.T, validate Validator[T], cases []Case[T]) {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("two cases named %q", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			op := operation.Operation{Type: operation.Create}
			if c.Old != nil {
				op.Type = operation.Update
			}
			if c.NoRatcheting {
				if c.Old == nil {
					t.Fatal("NoRatcheting needs an update (Old)")
				}
				op.Options = map[string]bool{genruntime.DisableRatcheting: true}
			}
			for k, v := range c.Options {
				if op.Options == nil {
					op.Options = map[string]bool{}
				}
				op.Options[k] = v
			}
			atRoot := c.Want
			if c.AtRoot != nil {
				atRoot = c.AtRoot
			}
			check(t, "at the root", validate(context.Background(), op, nil, c.Obj, c.Old), atRoot, "")
			check(t, "below root", validate(context.Background(), op, field.NewPath("root"), c.Obj, c.Old), c.Want, "root")
		})
	}
}

// Check compares the errors of another call (a scheme's Validate, which routes to a Validate_T)
// with want, in order.
func Check(t *testing.T, where string, got field.ErrorList, want []Err) {
	t.Helper()
	check(t, where, got, want, "")
}

func check(t *testing.T, where string, got field.ErrorList, want []Err, root string) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		w, g := want[i], got[i]
		ok = g.Type == w.Type && g.Field == rooted(root, w.Field) && g.Origin == w.Origin && (w.Detail == "" || g.Detail == w.Detail) && level(g) == w.Level
	}
	if ok {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: got %d errors, want %d\n  got:\n", where, len(got), len(want))
	for _, g := range got {
		fmt.Fprintf(&b, "    {%q, %q, %q} detail %q level %q\n", g.Type, g.Field, g.Origin, g.Detail, level(g))
	}
	b.WriteString("  want:\n")
	for _, w := range want {
		fmt.Fprintf(&b, "    {%q, %q, %q}", w.Type, rooted(root, w.Field), w.Origin)
		if w.Detail != "" {
			fmt.Fprintf(&b, " detail %q", w.Detail)
		}
		if w.Level != "" {
			fmt.Fprintf(&b, " level %q", w.Level)
		}
		b.WriteString("\n")
	}
	t.Error(b.String())
}

func rooted(root, fld string) string {
	if fld == "<nil>" && root != "" { // an error at a nil path (a custom validator's, at the root)
		fld = ""
	}
	switch {
	case root == "":
		return fld
	case fld == "":
		return root
	case fld[0] == '[':
		return root + fld
	}
	return root + "." + fld
}

// Ptr returns a pointer to v.
func Ptr[T any](v T) *T { return &v }
`

// serverHelpers is the part of package bt that runs cases through a folder's published schema, as
// the API server validates a custom resource.
const serverHelpers = `package bt

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/equivalence"
)

// Server runs cases through the published schema of the calling behaviour file's folder (its golden
// crd.yaml and openapi.json, copied beside it), as the API server validates a custom resource: the
// object of a case is wrap(Obj), its old object wrap(Old), and the server's errors must be those of
// Want by type (a TooShort or TooFew as the server's Invalid) and field, each field below prefix
// (where the kind holds the validated value, such as "spec"; an error at the value itself, "<nil>",
// is at prefix). Cases named in goOnly are the Go validators' only (a transition that no rule can
// see) and are skipped; a name that is no case's fails.
func Server[T any, K k8sruntime.Object](t *testing.T, wrap func(*T) K, prefix string, cases []Case[T], goOnly ...string) {
	t.Helper()
	_, file, _, _ := runtime.Caller(1)
	dir := filepath.Dir(file)
	for !exists(filepath.Join(dir, "crd.yaml")) && filepath.Dir(dir) != dir {
		dir = filepath.Dir(dir)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// The golden document names the definitions by the repository's package path; this copy is
	// in the behaviour module.
	folder := filepath.Base(dir)
	doc := strings.ReplaceAll(string(read("openapi.json")), "com.github.validation-gen.validation-gen.testdata.tags."+folder+".",
		"test.validationgen.behaviour."+folder+".")
	schemas, err := equivalence.NewSchemas([]byte(doc), read("crd.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	gvk := schemas.Kinds()[0]
	names := map[string]bool{}
	for _, c := range cases {
		names[c.Name] = true
	}
	for _, n := range goOnly {
		if !names[n] {
			t.Errorf("goOnly names no case: %q", n)
		}
	}
	for _, c := range cases {
		if slices.Contains(goOnly, c.Name) {
			continue
		}
		var old k8sruntime.Object
		if c.Old != nil {
			old = wrap(c.Old)
		}
		errs, err := schemas.Validate(context.Background(), gvk, wrap(c.Obj), old)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, e := range errs {
			if e.Type == field.ErrorTypeInvalid && strings.Contains(e.Detail, "must validate all the schemas (allOf)") {
				continue // the summary of an allOf's errors, which the harness drops too (allof-summary)
			}
			if e.Type == field.ErrorTypeInvalid && strings.Contains(e.Detail, "some validation rules were not checked") {
				continue // the rules skipped for a blocking error, which the harness drops too (blocking-errors-skip-cel)
			}
			got = append(got, string(e.Type)+" "+e.Field)
		}
		for _, w := range c.Want {
			f := prefix
			if w.Field != "<nil>" && w.Field != "" {
				f = rooted(prefix, w.Field)
			}
			typ := w.Type
			if typ == field.ErrorTypeTooShort || typ == field.ErrorTypeTooFew {
				// The server's Invalid, as equivalence.TwoWay compares them (min-length-invalid,
				// min-size-invalid).
				typ = field.ErrorTypeInvalid
			}
			// The server's value validation spells a map key as a path segment (map-key-paths).
			f = mapKey.ReplaceAllString(f, ".$1")
			want = append(want, string(typ)+" "+f)
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the API server reports\n  %s\nwant\n  %s\n(all: %v)", c.Name, strings.Join(got, "\n  "), strings.Join(want, "\n  "), errs)
		}
	}
}

var mapKey = regexp.MustCompile("\\[([^0-9\\]][^\\]]*)\\]")

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
`
