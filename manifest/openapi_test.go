package manifest_test

import (
	"os"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/manifest"
)

// TestOpenAPIKinds serves the example API's kinds from the OpenAPI document validation-gen writes
// (no group-version-kind extension: the group is matched by its first label) and checks that they
// find what the CRDs find on the same manifests.
func TestOpenAPIKinds(t *testing.T) {
	doc, err := os.ReadFile("../examples/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	fromOpenAPI := manifest.NewSchemas()
	if err := fromOpenAPI.AddOpenAPI(doc, "openapi.json"); err != nil {
		t.Fatal(err)
	}
	v, err := manifest.New(fromOpenAPI, manifest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	viaOpenAPI, err := v.ValidatePaths("testdata/pools.yaml", "testdata/samples")
	if err != nil {
		t.Fatal(err)
	}
	viaCRDs, err := newValidator(t, manifest.Options{}).ValidatePaths("testdata/pools.yaml", "testdata/samples")
	if err != nil {
		t.Fatal(err)
	}
	if len(viaOpenAPI.Documents) != len(viaCRDs.Documents) {
		t.Fatalf("%d documents, %d from the CRDs", len(viaOpenAPI.Documents), len(viaCRDs.Documents))
	}
	for i, d := range viaOpenAPI.Documents {
		c := viaCRDs.Documents[i]
		if d.Valid != c.Valid || d.Checked != c.Checked || len(d.Errors) != len(c.Errors) {
			t.Errorf("document %d (%s %s): OpenAPI %v %+v, CRDs %v %+v", i, d.Kind, d.Name, d.Valid, d.Errors, c.Valid, c.Errors)
			continue
		}
		for j := range d.Errors {
			if d.Errors[j].Field != c.Errors[j].Field || d.Errors[j].Type != c.Errors[j].Type {
				t.Errorf("document %d: error %d: OpenAPI %+v, CRDs %+v", i, j, d.Errors[j], c.Errors[j])
			}
		}
	}
	// A group whose first label matches no package is not served.
	r := v.ValidateBytes("other.yaml", []byte("apiVersion: other.example.com/v1\nkind: WorkerPool\nmetadata: {name: x}\n"))
	if r.Documents[0].Checked {
		t.Errorf("a WorkerPool of other.example.com was checked: %+v", r.Documents[0])
	}
}

// TestOpenAPIServerDocument serves a kind of an API server's document (group, version and kind
// from x-kubernetes-group-version-kind), with int-or-string, a quantity, a recursive definition
// and a rule.
func TestOpenAPIServerDocument(t *testing.T) {
	doc, err := os.ReadFile("testdata/openapi-v3.json")
	if err != nil {
		t.Fatal(err)
	}
	s := manifest.NewSchemas()
	if err := s.AddOpenAPI(doc, "openapi-v3.json"); err != nil {
		t.Fatal(err)
	}
	v, err := manifest.New(s, manifest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := v.ValidateBytes("deploy.yaml", []byte(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  maxSurge: 25%
  memory: 1Gi
  tree: {name: a, children: [{name: b, children: [{name: c, extra: kept}]}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 200
  selector: {}
  maxSurge: [1]
  strategy: Sometimes
`))
	if len(r.Documents) != 2 || !r.Documents[0].Valid {
		t.Fatalf("the valid Deployment: %+v", r.Documents)
	}
	var got []string
	for _, e := range r.Documents[1].Errors {
		got = append(got, e.Field+": "+e.Type)
	}
	want := "<nil>: Invalid value,spec.maxSurge: Invalid value,spec.strategy: Unsupported value"
	if strings.Join(got, ",") != want {
		t.Errorf("errors %q, want %q", strings.Join(got, ","), want)
	}
}
