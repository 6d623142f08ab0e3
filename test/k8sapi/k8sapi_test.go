package k8sapi

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/openapi"
	"github.com/validation-gen/validation-gen/generators/schema"
	"github.com/validation-gen/validation-gen/internal/oapicompare"
	"github.com/validation-gen/validation-gen/model"
)

// patterns are the packages both generators run over.
var patterns = []string{"k8s.io/api/...", "k8s.io/apimachinery/pkg/apis/meta/v1"}

// TestK8sAPI runs validation-gen over k8s.io/api and meta/v1 and compares its definitions with
// openapi-gen's, aspect by aspect (see oapicompare.Compare); every difference must be allowed by an entry
// of differences.yaml, and every entry must allow some difference.
//
// VALIDATION_GEN_K8SAPI_REPORT=FILE additionally writes every difference found to FILE, in the
// format of differences.yaml, to help update it.
func TestK8sAPI(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_K8SAPI") != "1" {
		t.Skip("compares validation-gen with openapi-gen over all of k8s.io/api (downloads modules, builds openapi-gen, " +
			"takes a few minutes); run it with: VALIDATION_GEN_K8SAPI=1 go test ./test/k8sapi/ -count=1")
	}
	start := time.Now()
	allowed, err := oapicompare.LoadAllowed("differences.yaml")
	if err != nil {
		t.Fatal(err)
	}
	versions := moduleVersions(t, "k8s.io/api", "k8s.io/apimachinery", "k8s.io/kube-openapi")
	if v := versions["k8s.io/api"]; !strings.HasPrefix(v, "v0.37.") {
		t.Fatalf("k8s.io/api is at %s in go.mod; this test and differences.yaml are for v0.37.x", v)
	}
	t.Logf("k8s.io/api %s, k8s.io/apimachinery %s, k8s.io/kube-openapi %s",
		versions["k8s.io/api"], versions["k8s.io/apimachinery"], versions["k8s.io/kube-openapi"])

	ours := validationGen(t)
	theirs := openAPIGen(t, versions, patterns)
	diffs, st := oapicompare.Compare(ours, theirs)
	unexpected := oapicompare.Unexpected(diffs, allowed)
	if file := os.Getenv("VALIDATION_GEN_K8SAPI_REPORT"); file != "" {
		if err := os.WriteFile(file, []byte(oapicompare.Report(diffs)), 0o644); err != nil {
			t.Error(err)
		}
	}
	const maxShown = 300
	for i, d := range unexpected {
		if i == maxShown {
			t.Errorf("... and %d more unexpected differences", len(unexpected)-maxShown)
			break
		}
		t.Errorf("unexpected difference: %s", d)
	}
	for _, a := range allowed {
		if a.Used == 0 {
			t.Errorf("differences.yaml: entry {definition: %s, property: %q, aspect: %s} matches no difference; remove it",
				a.Definition, a.Property, a.Aspect)
		}
	}
	t.Logf("%d definitions from validation-gen, %d from openapi-gen: %d of %d identical; %d schemas and %d extensions compared; "+
		"%d differences, %d allowed by %d entries of differences.yaml; %s in all",
		len(ours), len(theirs), st.Identical, st.Definitions, st.Schemas, st.Extensions, len(diffs), len(diffs)-len(unexpected),
		len(allowed), time.Since(start).Round(time.Millisecond))
}

// validationGen runs validation-gen in process, as generators.Run does, and returns the
// definitions of the input packages, JSON-decoded ({name: {"Schema": ..., "Dependencies": ...}}).
func validationGen(t *testing.T) map[string]any {
	t.Helper()
	start := time.Now()
	opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}
	wd, _ := os.Getwd()
	prog, diags, err := loader.Load(wd, patterns)
	if err != nil {
		t.Fatal(err)
	}
	failOn(t, "loading", diags, wd)
	u, diags := builder.Build(prog)
	diags = append(diags, check.Model(u, opts)...)
	failOn(t, "building", diags, wd)
	// The v3 document needs every referenced definition: build it as the CLI does.
	if _, err := openapi.JSONDocument(u.Definitions, opts); err != nil {
		t.Fatalf("OpenAPI v3 document: %v", err)
	}
	var inputs []*model.Definition // what the Go definitions of the input packages hold
	for _, p := range u.Packages {
		inputs = append(inputs, p.GoDefinitions(opts)...)
	}
	raw, err := json.Marshal(schema.Definitions(inputs, opts, schema.DefinitionsRef))
	if err != nil {
		t.Fatal(err)
	}
	var defs map[string]any
	if err := json.Unmarshal(raw, &defs); err != nil {
		t.Fatal(err)
	}
	t.Logf("validation-gen: %d definitions (%d in input packages) in %s", len(u.Definitions), len(inputs),
		time.Since(start).Round(time.Millisecond))
	return defs
}

// failOn fails on errors, and logs warnings (input openapi-gen accepts that looks wrong, such as a
// +listType on a string).
func failOn(t *testing.T, stage string, diags model.Diagnostics, dir string) {
	t.Helper()
	if errs := diags.Errors(); len(errs) > 0 {
		t.Fatalf("validation-gen reported %d problem(s) %s k8s.io/api:\n%s", len(errs.Sorted()), stage, errs.Error(dir))
	}
	if w := diags.Warnings(); len(w) > 0 {
		t.Logf("validation-gen warned %d time(s) %s k8s.io/api:\n%s", len(w.Sorted()), stage, w.Error(dir))
	}
}
