package equivalencecases

import (
	"testing"

	"github.com/validation-gen/validation-gen/equivalence"
)

// TestEquivalence runs every case of the storage group (Kubernetes' +k8s: dialect) on the three
// backends: the handwritten validation of ../validation (the reference), the generated validators
// of v1, and the API server's validation of the generated CRD; all must agree (see the
// equivalence package).
func TestEquivalence(t *testing.T) {
	h, err := NewHarness("../../crds", "../../openapi.json", "../equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equivalence.Run(t, h, Cases())
	equivalence.CheckUnused(t, h)
}
