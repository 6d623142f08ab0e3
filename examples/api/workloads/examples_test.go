package workloads_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/kube-openapi/pkg/common"

	storagev1 "github.com/validation-gen/validation-gen/examples/api/storage/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/v1beta1"
	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/internal/crdcheck"
)

// config is the run that examples/api's go:generate directive performs (see ../generate.go):
// every example group at once, from examples/api.
func config(t *testing.T) generators.Config {
	t.Helper()
	header, err := os.ReadFile("../../../hack/boilerplate.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return generators.Config{
		Dir: dir, Patterns: []string{"./..."}, Header: header,
		OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
		OpenAPIJSON: "openapi.json", CRDDir: "crds", Lint: true, DocsAPI: "docs",
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, Strict: true},
	}
}

func run(t *testing.T) *generators.Outputs {
	t.Helper()
	out, diags, err := generators.Run(config(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%s", diags.Error(""))
	}
	return out
}

// TestGeneratedFilesUpToDate fails when a committed output differs from what the generator
// produces now, and proves the output is the same on every run.
func TestGeneratedFilesUpToDate(t *testing.T) {
	first, second := run(t), run(t)
	a, b := first.Files(), second.Files()
	if len(a) != len(b) {
		t.Fatalf("runs produced %d and %d files", len(a), len(b))
	}
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Content, b[i].Content) {
			t.Errorf("output %s differs between two runs", a[i].Path)
		}
	}
	var diff bytes.Buffer
	ok, err := first.Verify(&diff)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Errorf("committed outputs are stale; run `go generate ./examples/api/...`:\n%s", diff.String())
	}
}

// TestCRDsPassAPIServerValidation decodes every committed CRD strictly and runs the API server's
// CRD validation on it, CEL compilation and cost checks included.
func TestCRDsPassAPIServerValidation(t *testing.T) {
	files, err := filepath.Glob("../crds/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no CRDs found: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		crd, err := crdcheck.Validate(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if want := crd.Spec.Group + "_" + crd.Spec.Names.Plural + ".yaml"; filepath.Base(f) != want {
			t.Errorf("%s: want file name %s", f, want)
		}
		if crd.Spec.Group != "workloads.example.com" {
			continue // the other groups serve one version
		}
		storage := 0
		for _, v := range crd.Spec.Versions {
			if v.Storage {
				storage++
				if v.Name != "v1" {
					t.Errorf("%s: storage version is %s, want v1 (+storageversion)", f, v.Name)
				}
			}
		}
		if storage != 1 || len(crd.Spec.Versions) != 2 {
			t.Errorf("%s: %d versions, %d stored; want 2 and 1", f, len(crd.Spec.Versions), storage)
		}
	}
}

// TestGoDefinitionsMatchModel compiles the generated zz_generated.openapi.go files (they are
// imported by this test) and checks that each returns exactly the schemas the generator computes,
// which are also the ones in openapi.json.
func TestGoDefinitionsMatchModel(t *testing.T) {
	ref := schema.DefinitionsRef
	compiled := map[string]common.OpenAPIDefinition{}
	for _, get := range []common.GetOpenAPIDefinitions{workloads.GetOpenAPIDefinitions, v1.GetOpenAPIDefinitions, v1beta1.GetOpenAPIDefinitions, storagev1.GetOpenAPIDefinitions} {
		for k, v := range get(ref) {
			compiled[k] = v
		}
	}
	cfg := config(t)
	prog, diags, err := loader.Load(cfg.Dir, cfg.Patterns)
	if err != nil || len(diags) > 0 {
		t.Fatalf("load: %v %s", err, diags.Error(""))
	}
	u, diags := builder.Build(prog)
	if len(diags) > 0 {
		t.Fatal(diags.Error(""))
	}
	n := 0
	for _, d := range u.Definitions {
		if !d.Input {
			continue
		}
		n++
		got, ok := compiled[d.Name]
		if !ok {
			t.Errorf("%s: not in the compiled definitions", d.Name)
			continue
		}
		want := schema.Definition(d, cfg.Options, ref)
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
			t.Errorf("%s: compiled definition differs from the model:\ncompiled: %s\nmodel:    %s", d.Name, g, w)
		}
	}
	if n != len(compiled) || n == 0 {
		t.Errorf("model has %d input definitions, compiled files %d", n, len(compiled))
	}
	doc, err := os.ReadFile("../openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	for name := range compiled {
		if !strings.Contains(string(doc), `"`+name+`": {`) {
			t.Errorf("openapi.json has no schema %s", name)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
