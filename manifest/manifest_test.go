package manifest_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/manifest"
)

// exampleCRDs are the CRDs this repository generates for its examples.
const exampleCRDs = "../examples/api/crds"

func newValidator(t *testing.T, opts manifest.Options) *manifest.Validator {
	t.Helper()
	s := manifest.NewSchemas()
	if err := s.AddCRDs(exampleCRDs); err != nil {
		t.Fatal(err)
	}
	v, err := manifest.New(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func text(t *testing.T, r *manifest.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := manifest.WriteReport(&b, r, "text"); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestPools(t *testing.T) {
	v := newValidator(t, manifest.Options{})
	r, err := v.ValidatePaths("testdata/pools.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := `testdata/pools.yaml:20:3: unknown field "spec.colour"
testdata/pools.yaml:37:3: key "replicas" already set in map (first at line 36)
testdata/pools.yaml:41:1: no schema for workloads.example.com/v9, Kind=WorkerPool (the schemas serve WorkerPool.workloads.example.com in v1, v1beta1)
`
	if got := text(t, r); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if r.ExitCode() != 2 {
		t.Errorf("exit code %d, want 2", r.ExitCode())
	}
	if !r.Documents[0].Valid || r.Documents[1].Valid || r.Documents[3].Checked {
		t.Errorf("verdicts: %+v", r.Documents)
	}

	v = newValidator(t, manifest.Options{AllErrors: true})
	r, err = v.ValidatePaths("testdata/pools.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := text(t, r)
	for _, w := range []string{
		`testdata/pools.yaml:16:3: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain`,
		`testdata/pools.yaml:19:3: spec.replicas: Invalid value: 5000: spec.replicas in body should be less than or equal to 1000 [after the decoding error`,
		`testdata/pools.yaml:25:7: spec.template.containers[0].image: Invalid value: "nginx:latest": image nginx:latest must name a version, not :latest [after`,
		`testdata/pools.yaml:28:9: spec.template.containers[0].ports[0].hostPort: Invalid value: `,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("--all-errors output lacks %q:\n%s", w, got)
		}
	}
}
