package manifest_test

import (
	"os"
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
