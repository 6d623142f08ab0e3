package output

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCRDGroupVersions reads the group and version names of CRDs as validation-gen writes them:
// the example module's (one or two versions, the name first in each item) and one whose versions
// have printer columns, which sort before the name.
func TestCRDGroupVersions(t *testing.T) {
	for file, want := range map[string][]string{
		"workloads.example.com_workerpools.yaml": {"workloads.example.com", "v1", "v1beta1"},
		"storage.example.com_buckets.yaml":       {"storage.example.com", "v1"},
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "api", "crds", file))
		if err != nil {
			t.Fatal(err)
		}
		group, versions := crdGroupVersions(b)
		if got := append([]string{group}, versions...); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", file, got, want)
		}
	}
	columns := "# " + GeneratedComment + "\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n" +
		"metadata:\n  name: things.g.example.com\nspec:\n  group: g.example.com\n  names:\n    kind: Thing\n    plural: things\n" +
		"  scope: Namespaced\n  versions:\n  - additionalPrinterColumns:\n    - jsonPath: .spec.name\n      name: Name\n" +
		"      type: string\n    name: v2\n    schema:\n      openAPIV3Schema:\n        properties:\n          name:\n" +
		"            type: string\n        type: object\n    served: true\n    storage: true\n  - name: \"v1\"\n    served: true\n" +
		"status:\n  acceptedNames:\n    kind: \"\"\n    plural: \"\"\n"
	group, versions := crdGroupVersions([]byte(columns))
	if got, want := append([]string{group}, versions...), []string{"g.example.com", "v2", "v1"}; !slices.Equal(got, want) {
		t.Errorf("printer columns: %q, want %q", got, want)
	}
	if group, versions := crdGroupVersions([]byte("kind: Mine\n")); group != "" || versions != nil {
		t.Errorf("no CRD: %q %q", group, versions)
	}
}
