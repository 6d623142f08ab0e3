package workloads_test

import (
	"testing"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/workloads/equivalencecases"
)

// TestEquivalence runs every case on the handwritten validation (the reference), the generated
// validators of v1 and v1beta1, and the API server's validation of the generated CRDs; all must
// agree (see the equivalence package). equivalence.yaml lists the error details that may differ,
// each with its reason.
func TestEquivalence(t *testing.T) {
	h, err := equivalencecases.NewHarness("../crds", "../openapi.json", "equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equivalence.Run(t, h, equivalencecases.Cases())
	equivalence.CheckUnused(t, h)
}
