package openapigen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/internal/oapicompare"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/model"
)

// module is a module that commits openapi-gen's output, at a pinned version.
type module struct {
	path, version string
	// tool is the module whose go.mod builds openapi-gen, as the module's scripts build it: the
	// module itself (go install or go tool in its directory), or k8s.io/code-generator for modules
	// that run its kube_codegen.sh (which builds openapi-gen in code-generator's own module). The
	// test checks that the module requires it at that version.
	tool string
	// script says where the command lines below come from.
	script string
	runs   []run
}

// run is one openapi-gen command line of a module, and the file it writes.
type run struct {
	// file is the committed output, relative to the module's root.
	file string
	// flags are openapi-gen's flags; {root} is the module's directory, {tmp} a scratch directory.
	flags []string
	// inputs are the input packages, or codegenDir, a directory relative to the root that
	// kube_codegen.sh's gen_openapi searches for packages with a +k8s:openapi tag, after extra.
	inputs     []string
	codegenDir string
}

// kubeCodegen is kube::codegen::gen_openapi of k8s.io/code-generator's kube_codegen.sh (v0.37): the
// apimachinery packages it always adds, then --extra-pkgs, then the packages below inDir that
// carry a +k8s:openapi tag.
func kubeCodegen(inDir, outDir, outPkg string, extra ...string) run {
	return run{
		file: outDir + "/zz_generated.openapi.go",
		flags: []string{"-v", "0", "--output-file", "zz_generated.openapi.go", "--go-header-file", "{root}/hack/boilerplate.go.txt",
			"--output-dir", "{root}/" + outDir, "--output-pkg", outPkg, "--report-filename", "{tmp}/violations.report",
			"--output-model-name-file=zz_generated.model_name.go"},
		inputs: append([]string{"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
			"k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/api/resource"}, extra...),
		codegenDir: inDir,
	}
}

var corpus = []module{
	{path: "k8s.io/kube-aggregator", version: "v0.37.2", tool: "k8s.io/code-generator",
		script: "hack/update-codegen.sh (kube::codegen::gen_openapi)",
		runs:   []run{kubeCodegen("pkg/apis", "pkg/generated/openapi", "k8s.io/kube-aggregator/pkg/generated/openapi")}},
	{path: "k8s.io/sample-apiserver", version: "v0.37.2", tool: "k8s.io/code-generator",
		script: "hack/update-codegen.sh (kube::codegen::gen_openapi)",
		runs:   []run{kubeCodegen("pkg/apis", "pkg/generated/openapi", "k8s.io/sample-apiserver/pkg/generated/openapi")}},
	{path: "k8s.io/apiextensions-apiserver", version: "v0.37.2", tool: "k8s.io/code-generator",
		script: "hack/update-codegen.sh (kube::codegen::gen_openapi --extra-pkgs k8s.io/api/autoscaling/v1)",
		runs: []run{kubeCodegen("pkg", "pkg/generated/openapi", "k8s.io/apiextensions-apiserver/pkg/generated/openapi",
			"k8s.io/api/autoscaling/v1")}},
	{path: "sigs.k8s.io/metrics-server", version: "v0.9.0", tool: "sigs.k8s.io/metrics-server",
		script: "Makefile, update-generated (go tool openapi-gen)",
		runs: []run{{file: "pkg/api/generated/openapi/zz_generated.openapi.go",
			flags: []string{"--output-pkg", "github.com/kubernetes-sigs/metrics-server/pkg/api/generated/openapi/",
				"--output-file=zz_generated.openapi.go", "--output-dir={root}/pkg/api/generated/openapi",
				"--go-header-file", "{root}/scripts/boilerplate.go.txt", "--report-filename", "/dev/null"},
			inputs: []string{"k8s.io/metrics/pkg/apis/metrics/v1beta1", "k8s.io/apimachinery/pkg/apis/meta/v1",
				"k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/version"}}}},
	{path: "sigs.k8s.io/custom-metrics-apiserver", version: "v1.37.0", tool: "sigs.k8s.io/custom-metrics-apiserver",
		script: "Makefile, pkg/generated/openapi/%/zz_generated.openapi.go (go install -mod=readonly ...openapi-gen)",
		runs: []run{
			customMetrics("core", "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
				"k8s.io/apimachinery/pkg/version", "k8s.io/api/core/v1"),
			customMetrics("custommetrics", "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
				"k8s.io/api/core/v1", "k8s.io/metrics/pkg/apis/custom_metrics", "k8s.io/metrics/pkg/apis/custom_metrics/v1beta1",
				"k8s.io/metrics/pkg/apis/custom_metrics/v1beta2"),
			customMetrics("externalmetrics", "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
				"k8s.io/metrics/pkg/apis/external_metrics", "k8s.io/metrics/pkg/apis/external_metrics/v1beta1"),
		}},
}

func customMetrics(name string, inputs ...string) run {
	dir := "pkg/generated/openapi/" + name
	return run{file: dir + "/zz_generated.openapi.go",
		flags: []string{"--logtostderr", "--go-header-file", "./hack/boilerplate.go.txt", "--output-pkg", "./" + dir,
			"--output-file", "zz_generated.openapi.go", "--output-dir", "./" + dir, "-r", "/dev/null"},
		inputs: inputs}
}

func TestOpenAPIGenCorpus(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_OPENAPIGEN") != "1" {
		t.Skip("compares validation-gen with openapi-gen over modules that commit its output (downloads modules, builds " +
			"openapi-gen); run it with: VALIDATION_GEN_OPENAPIGEN=1 go test ./test/openapigen/ -count=1 -v")
	}
	for k, v := range map[string]string{"GOFLAGS": "-mod=mod", "GOWORK": "off", "GOTOOLCHAIN": "local"} {
		t.Setenv(k, v)
	}
	allowed, err := oapicompare.LoadAllowed("differences.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, m := range corpus {
		if only := os.Getenv("VALIDATION_GEN_OPENAPIGEN_ONLY"); only != "" && !strings.Contains(","+only+",", ","+m.path+",") {
			continue
		}
		t.Run(m.path+"@"+m.version, func(t *testing.T) {
			row, ok := checkModule(t, m, allowed)
			if ok {
				table = append(table, row)
			}
		})
	}
	for _, a := range allowed {
		if a.Used == 0 && !t.Failed() && os.Getenv("VALIDATION_GEN_OPENAPIGEN_ONLY") == "" {
			t.Errorf("differences.yaml: entry {definition: %s, property: %q, aspect: %s} matches no difference; remove it",
				a.Definition, a.Property, a.Aspect)
		}
	}
	t.Logf("module | version | definitions identical / compared | extensions compared\n%s", strings.Join(table, "\n"))
}

// checkModule reproduces the module's committed outputs with openapi-gen, then compares their
// definitions with validation-gen's.
func checkModule(t *testing.T, m module, allowed []*oapicompare.Allowed) (string, bool) {
	start := time.Now()
	tmp := t.TempDir()
	root := filepath.Join(tmp, "module")
	tempmod.CopyTree(t, tempmod.Download(t, tmp, m.path, m.version), root)
	bin := buildOpenAPIGen(t, m, root, tmp)

	theirs := map[string]any{}
	var inputs []string
	for _, r := range m.runs {
		committed := tempmod.ReadFile(t, filepath.Join(root, r.file))
		args := r.args(t, root, tmp)
		if err := os.Remove(filepath.Join(root, r.file)); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("openapi-gen %s: %v\n%s", strings.Join(args, " "), err, tail(out))
		}
		if got := tempmod.ReadFile(t, filepath.Join(root, r.file)); !bytes.Equal(got, committed) {
			t.Fatalf("openapi-gen, run as %s runs it, does not reproduce the committed %s, so differences would not all be "+
				"validation-gen's:\n%s", m.script, r.file, lineDiff(string(committed), string(got)))
		}
		for k, v := range dump(t, root, m.path, r.file) {
			theirs[k] = v
		}
		inputs = append(inputs, r.packages(t, root, m.path)...)
	}
	t.Logf("openapi-gen reproduces %d committed file(s); %d definitions (%s)", len(m.runs), len(theirs), time.Since(start).Round(time.Second))

	ours := validationGen(t, root, dedup(inputs))
	diffs, st := oapicompare.Compare(ours, theirs)
	unexpected := oapicompare.Unexpected(diffs, allowed)
	for _, d := range unexpected {
		t.Errorf("unexpected difference: %s", d)
	}
	if file := os.Getenv("VALIDATION_GEN_OPENAPIGEN_REPORT"); file != "" {
		f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "# %s@%s\n%s", m.path, m.version, oapicompare.Report(diffs))
			f.Close()
		}
	}
	row := fmt.Sprintf("%s | %s | %d / %d | %d", m.path, m.version, st.Identical, st.Definitions, st.Extensions)
	t.Logf("%s; %d differences, %d allowed; %s in all", row, len(diffs), len(diffs)-len(unexpected), time.Since(start).Round(time.Second))
	return row, true
}

// buildOpenAPIGen builds openapi-gen as the module's scripts build it: in a module with the go.mod
// and go.sum of m.tool (the module itself, or the code-generator version it requires).
func buildOpenAPIGen(t *testing.T, m module, root, tmp string) string {
	t.Helper()
	toolRoot := root
	if m.tool != m.path {
		v := requiredVersion(t, root, m.tool)
		toolRoot = tempmod.Download(t, tmp, m.tool, v)
	}
	dir := filepath.Join(tmp, "tool")
	gomod := regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(tempmod.ReadFile(t, filepath.Join(toolRoot, "go.mod")), []byte("module tool.test"))
	tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), gomod)
	tempmod.WriteFile(t, filepath.Join(dir, "go.sum"), tempmod.ReadFile(t, filepath.Join(toolRoot, "go.sum")))
	out := strings.TrimSpace(string(tempmod.Go(t, dir, "list", "-m", "-f", "{{.Version}}", "k8s.io/kube-openapi")))
	bin := filepath.Join(tmp, "openapi-gen")
	tempmod.Go(t, dir, "build", "-o", bin, "k8s.io/kube-openapi/cmd/openapi-gen")
	t.Logf("openapi-gen of k8s.io/kube-openapi %s, built with the go.mod of %s", out, m.tool)
	return bin
}

// requiredVersion is the version of path that the module at root requires.
func requiredVersion(t *testing.T, root, path string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(path) + `\s+(v\S+)`).FindSubmatch(tempmod.ReadFile(t, filepath.Join(root, "go.mod")))
	if m == nil {
		t.Fatalf("%s/go.mod does not require %s", root, path)
	}
	return string(m[1])
}

// args are the run's openapi-gen arguments: its flags, then its input packages.
func (r run) args(t *testing.T, root, tmp string) []string {
	var out []string
	for _, f := range r.flags {
		out = append(out, strings.NewReplacer("{root}", root, "{tmp}", tmp).Replace(f))
	}
	return append(out, r.packages(t, root, "")...)
}

// openAPITag is kube_codegen.sh's grep for the packages gen_openapi takes.
var openAPITag = regexp.MustCompile(`(?m)^\s*//\s*\+k8s:openapi`)

// packages are the run's input packages; with codegenDir, those of kube_codegen.sh's search, in
// its order (the directories sorted bytewise), named by import path (modPath may be "" when the
// caller only needs the arguments: it is read from go.mod then).
func (r run) packages(t *testing.T, root, modPath string) []string {
	out := append([]string(nil), r.inputs...)
	if r.codegenDir == "" {
		return out
	}
	if modPath == "" {
		mf := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(tempmod.ReadFile(t, filepath.Join(root, "go.mod")))
		modPath = string(mf[1])
	}
	dirs := map[string]bool{}
	err := filepath.WalkDir(filepath.Join(root, r.codegenDir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "_output" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && openAPITag.Match(tempmod.ReadFile(t, p)) {
			dirs[filepath.Dir(p)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var sorted []string
	for d := range dirs {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	for _, d := range sorted {
		rel, _ := filepath.Rel(root, d)
		out = append(out, modPath+"/"+filepath.ToSlash(rel))
	}
	return out
}

// dump returns the definitions of a generated file, JSON-decoded ({name: {"Schema": ...,
// "Dependencies": [...]}}), by running a program in the module that prints them.
func dump(t *testing.T, root, modPath, file string) map[string]any {
	t.Helper()
	pkg := modPath + "/" + filepath.ToSlash(filepath.Dir(file))
	dir := filepath.Join(root, "zz_dump_openapi")
	tempmod.WriteFile(t, filepath.Join(dir, "main.go"), []byte(`package main

import (
	"encoding/json"
	"os"

	"k8s.io/kube-openapi/pkg/validation/spec"

	generated "`+pkg+`"
)

func main() {
	defs := generated.GetOpenAPIDefinitions(func(name string) spec.Ref { return spec.MustCreateRef("#/definitions/" + name) })
	if err := json.NewEncoder(os.Stdout).Encode(defs); err != nil {
		panic(err)
	}
}
`))
	defer os.RemoveAll(dir)
	out := tempmod.Go(t, root, "run", "./zz_dump_openapi")
	var defs map[string]any
	if err := json.Unmarshal(out, &defs); err != nil {
		t.Fatalf("decoding the definitions of %s: %v", file, err)
	}
	return defs
}

// validationGen runs validation-gen in process over the packages, as generators.Run does, and
// returns what their kube-openapi Go definitions hold, JSON-decoded.
func validationGen(t *testing.T, root string, patterns []string) map[string]any {
	t.Helper()
	opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}
	prog, diags, err := loader.Load(root, patterns)
	if err != nil {
		t.Fatal(err)
	}
	failOn(t, "loading", diags, root)
	u, diags := builder.BuildWith(prog, opts)
	diags = append(diags, check.Model(u, opts)...)
	failOn(t, "building", diags, root)
	var defs []*model.Definition
	for _, p := range u.Packages {
		defs = append(defs, p.GoDefinitions(opts)...)
	}
	raw, err := json.Marshal(schema.Definitions(defs, opts, schema.DefinitionsRef))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// failOn fails on errors: input openapi-gen accepts must not stop validation-gen. Warnings are
// logged.
func failOn(t *testing.T, stage string, diags model.Diagnostics, dir string) {
	t.Helper()
	if errs := diags.Errors(); len(errs) > 0 {
		t.Fatalf("validation-gen reported %d error(s) %s:\n%s", len(errs.Sorted()), stage, errs.Error(dir))
	}
	if w := diags.Warnings(); len(w) > 0 {
		t.Logf("validation-gen warned %d time(s) %s:\n%s", len(w.Sorted()), stage, w.Error(dir))
	}
}

func dedup(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// lineDiff shows the first lines where two texts differ.
func lineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\ncommitted: %q\ngenerated: %q\n(%d and %d lines)", i+1, x, y, len(a), len(b))
		}
	}
	return "(same lines)"
}

func tail(b []byte) string {
	const max = 6000
	if len(b) > max {
		return "...\n" + string(b[len(b)-max:])
	}
	return string(b)
}
