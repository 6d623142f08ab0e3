package workloads_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/workloads"
	"github.com/validation-gen/validation-gen/examples/api/workloads/equivalencecases"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// The harness must be able to fail. These tests change one tag in a copy of the example API,
// regenerate, run every equivalence case and require that the harness reports exactly the
// difference the change made, and nothing else.

const (
	examplePkg    = "github.com/validation-gen/validation-gen/examples/api/workloads"
	mustFailMod   = "validationgen.test/mustfail"
	mustFailTypes = "workloads/v1/types.go"
)

// mismatchKeys renders the mismatches of the failing reports as sorted "case | version | backend |
// kind | type | field" lines.
func mismatchKeys(reports []*equivalence.Report) []string {
	var out []string
	for _, r := range reports {
		for _, m := range r.Mismatches {
			out = append(out, strings.Join([]string{r.Case, m.Version, m.Backend, m.Kind, string(m.Type), m.Field}, " | "))
		}
	}
	sort.Strings(out)
	return out
}

// copyExample copies the example API (Go sources without tests, the equivalence file, the CRDs and
// the OpenAPI document) into a new temporary module and edits v1/types.go with edit.
func copyExample(t *testing.T, root string, edit func(string) string) string {
	t.Helper()
	mod := t.TempDir()
	if err := tempmod.Write(root, mustFailMod, mod); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "examples", "api")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(mod, rel), 0o755)
		}
		if strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".go") {
			data = []byte(strings.ReplaceAll(string(data), examplePkg, mustFailMod+"/workloads"))
		}
		return os.WriteFile(filepath.Join(mod, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	types := filepath.Join(mod, mustFailTypes)
	data, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	edited := edit(string(data))
	if edited == string(data) {
		t.Fatal("the edit did not change v1/types.go")
	}
	if err := os.WriteFile(types, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	return mod
}

// regenerate runs validation-gen over the copy, as the go:generate directive does (config).
func regenerate(t *testing.T, mod string) {
	t.Helper()
	cfg := config(t)
	cfg.Dir = mod
	// The copy changes one version on purpose: the drift lint would refuse it.
	cfg.Lint = false
	out, diags, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%s", diags.Error(""))
	}
	if err := out.Write(); err != nil {
		t.Fatal(err)
	}
}

func runCmd(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}

func mustFailEnv(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("regenerates a copy of the example API")
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestHarnessFindsChangedTag raises v1's +maximum of spec.replicas from 1000 to 2000 without
// changing the handwritten validation: the regenerated v1 validators and schema accept 1001 and
// report the bound 2000, so exactly the replicas cases differ, in v1 only.
func TestHarnessFindsChangedTag(t *testing.T) {
	root := mustFailEnv(t)
	mod := copyExample(t, root, func(s string) string {
		return strings.Replace(s, "// +maximum=1000\n\tReplicas", "// +maximum=2000\n\tReplicas", 1)
	})
	regenerate(t, mod)
	// The copy's own test runs every case and writes the failing reports as JSON.
	test := `package workloads_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/validation-gen/validation-gen/equivalence"
	"` + mustFailMod + `/workloads/equivalencecases"
)

func TestReport(t *testing.T) {
	h, err := equivalencecases.NewHarness("../crds", "../openapi.json", "equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var failing []*equivalence.Report
	for _, c := range equivalencecases.Cases() {
		r, err := h.Check(t.Context(), c)
		if err != nil {
			t.Fatal(err)
		}
		if !r.OK() {
			failing = append(failing, r)
		}
	}
	data, err := json.Marshal(failing)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(os.Getenv("REPORT"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
`
	if err := os.WriteFile(filepath.Join(mod, "workloads", "report_test.go"), []byte(test), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "report.json")
	t.Setenv("REPORT", report)
	runCmd(t, mod, "go", "test", "-count=1", "-run", "TestReport", "./workloads/")
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var reports []*equivalence.Report
	if err := json.Unmarshal(data, &reports); err != nil {
		t.Fatal(err)
	}
	// Expected: every case whose handwritten validation reports the old bound on spec.replicas
	// differs on v1's generated and schema backends: the value now passes (up to 2000), or is
	// reported with the new bound.
	var want []string
	for _, c := range equivalencecases.Cases() {
		for _, e := range handwrittenErrors(t, c) {
			if e.Field != "spec.replicas" || e.Detail != "must be less than or equal to 1000" {
				continue
			}
			kind := equivalence.DetailDiffers
			if v, ok := e.BadValue.(int32); ok && v <= 2000 {
				kind = equivalence.OnlyHandwritten
			}
			for _, backend := range []string{equivalence.Generated, equivalence.Schema} {
				want = append(want, fmt.Sprintf("%s | v1 | %s | %s | FieldValueInvalid | spec.replicas", c.Name, backend, kind))
			}
		}
	}
	if len(want) < 4 {
		t.Fatalf("only %d expected mismatches: the cases no longer exercise +maximum of spec.replicas", len(want))
	}
	sort.Strings(want)
	if got := mismatchKeys(reports); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the harness reported:\n  %s\nwant exactly:\n  %s\nreports:\n%s", strings.Join(got, "\n  "), strings.Join(want, "\n  "), reportsText(reports))
	}
}

// TestHarnessFindsSchemaOnlyDifference keeps the compiled Go (this package's validators) and
// validates against the CRDs of a copy whose v1 ContainerPort lost its +validationRule: a rule
// present in Go but not in the schema. Exactly the cases that break the rule differ, on the
// schema backend of v1 only.
func TestHarnessFindsSchemaOnlyDifference(t *testing.T) {
	root := mustFailEnv(t)
	rule := "// +validationRule=\"!has(self.hostPort) || self.hostPort == self.containerPort\",message=\"hostPort must equal containerPort when set\",field=\"hostPort\"\n"
	mod := copyExample(t, root, func(s string) string { return strings.Replace(s, rule, "", 1) })
	regenerate(t, mod)
	// The copy's OpenAPI document names the copy's types; the harness reads only the strip-zero
	// positions from it, which the edit does not change: use this package's.
	h, err := equivalencecases.NewHarness(filepath.Join(mod, "crds"), "../openapi.json", "equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var reports []*equivalence.Report
	for _, c := range equivalencecases.Cases() {
		r, err := h.Check(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		if !r.OK() {
			reports = append(reports, r)
		}
	}
	// Expected: every case whose handwritten validation reports the rule differs on v1's schema.
	var want []string
	for _, c := range equivalencecases.Cases() {
		for _, e := range handwrittenErrors(t, c) {
			if e.Detail == "hostPort must equal containerPort when set" {
				want = append(want, c.Name+" | v1 | schema | only-handwritten | FieldValueInvalid | "+e.Field)
			}
		}
	}
	if len(want) < 3 {
		t.Fatalf("only %d expected mismatches: the cases no longer exercise the hostPort rule", len(want))
	}
	sort.Strings(want)
	if got := mismatchKeys(reports); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the harness reported:\n  %s\nwant exactly:\n  %s\nreports:\n%s", strings.Join(got, "\n  "), strings.Join(want, "\n  "), reportsText(reports))
	}
}

// handwrittenErrors is the handwritten validation's result for a case (whose objects are of the
// internal type).
func handwrittenErrors(t *testing.T, c equivalence.Case) field.ErrorList {
	t.Helper()
	switch obj := c.Object.(type) {
	case *workloads.WorkerPool:
		if c.Old == nil {
			return validation.ValidateWorkerPool(obj)
		}
		return validation.ValidateWorkerPoolUpdate(obj, c.Old.(*workloads.WorkerPool))
	case *workloads.WorkerClass:
		if c.Old == nil {
			return validation.ValidateWorkerClass(obj)
		}
		return validation.ValidateWorkerClassUpdate(obj, c.Old.(*workloads.WorkerClass))
	case *workloads.WorkerQuota:
		if c.Old == nil {
			return validation.ValidateWorkerQuota(obj)
		}
		return validation.ValidateWorkerQuotaUpdate(obj, c.Old.(*workloads.WorkerQuota))
	}
	return nil // a case of a versioned type: it does not break the edited tags
}

func reportsText(reports []*equivalence.Report) string {
	var b strings.Builder
	for _, r := range reports {
		b.WriteString(r.String())
	}
	return b.String()
}
