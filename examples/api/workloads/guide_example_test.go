package workloads_test

import (
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/v1beta1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// The complete example of the equivalence harness in docs/guides/equivalence.md, kept true by
// TestGuideShowsExample.

func TestGuideEquivalenceExample(t *testing.T) {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		workloads.AddToScheme, v1.AddToScheme, v1beta1.AddToScheme, // types and conversions
		v1.RegisterValidations, v1beta1.RegisterValidations, // generated validators
	} {
		if err := add(s); err != nil {
			t.Fatal(err)
		}
	}
	schemas, err := equivalence.LoadSchemas("../crds", "../openapi.json") // --crd-dir, --openapi-json
	if err != nil {
		t.Fatal(err)
	}
	h, err := equivalence.New(equivalence.Config{
		Scheme: s, Group: workloads.GroupName, Versions: []string{"v1", "v1beta1"},
		Handwritten: []equivalence.HandwrittenKind{
			equivalence.HandwrittenFor(validation.ValidateWorkerPool, validation.ValidateWorkerPoolUpdate),
		},
		Schemas: schemas,
	})
	if err != nil {
		t.Fatal(err)
	}
	pool := validation.ValidWorkerPool()
	pool.Spec.Replicas = ptr.To[int32](1001)
	old := validation.ValidWorkerPool()
	old.Spec.Replicas = ptr.To[int32](5000)
	equivalence.Run(t, h, []equivalence.Case{
		{Name: "replicas above maximum", Object: pool, Expect: []equivalence.Error{equivalence.Invalid("spec.replicas")}},
		{Name: "unchanged invalid replicas ratchet", Object: old.DeepCopy(), Old: old},
	})
}

// TestGuideShowsExample checks that docs/guides/equivalence.md shows the test above, as it is.
func TestGuideShowsExample(t *testing.T) {
	readme, err := os.ReadFile("../../../docs/guides/equivalence.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("guide_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(src), "func TestGuideEquivalenceExample(")
	end := strings.Index(string(src), "\n}\n") + 3
	fn := strings.Replace(string(src[start:end]), "TestGuideEquivalenceExample", "TestEquivalence", 1)
	if !strings.Contains(string(readme), "```go\n"+fn+"```\n") {
		t.Errorf("docs/guides/equivalence.md does not show guide_example_test.go's TestGuideEquivalenceExample as it is:\n%s", fn)
	}
}
