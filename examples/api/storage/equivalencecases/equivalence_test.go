package equivalencecases_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/storage/equivalencecases"
)

// TestEquivalence runs every case of the storage group (Kubernetes' +k8s: dialect) on the three
// backends: the handwritten validation of ../validation (the reference), the generated validators
// of v1, and the API server's validation of the generated CRD; all must agree (see the
// equivalence package).
func TestEquivalence(t *testing.T) {
	h, err := equivalencecases.NewHarness("../../crds", "../../openapi.json", "../equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equivalence.Run(t, h, equivalencecases.Cases())
	equivalence.CheckUnused(t, h)
}

// TestDeviations checks that each known disagreement (equivalencecases.Deviations) is still
// exactly what it says: the handwritten validation meets the case's expectations, and each
// declarative backend reports exactly the listed errors that the handwritten validation does not,
// and lacks none. When a fix changes that, move the case into Cases.
func TestDeviations(t *testing.T) {
	h, err := equivalencecases.NewHarness("../../crds", "../../openapi.json", "../equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range equivalencecases.Deviations() {
		t.Run(d.Case.Name, func(t *testing.T) {
			r, err := h.Check(t.Context(), d.Case)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range r.Mismatches {
				got = append(got, fmt.Sprintf("%s %s %s", m.Kind, m.Type, m.Field))
			}
			var want []string
			for _, e := range d.Generated {
				want = append(want, fmt.Sprintf("%s %s %s", equivalence.OnlyGenerated, e.Type, e.Field))
			}
			for _, e := range d.Schema {
				want = append(want, fmt.Sprintf("%s %s %s", equivalence.OnlySchema, e.Type, e.Field))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("the known deviation changed (%s)\nwant mismatches %q\ngot:\n%s", d.Reason, want, r)
			}
		})
	}
}
