package equivalencecases

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	v1 "github.com/validation-gen/validation-gen/examples/api/storage/v1"
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

// TestDeviations checks that each known disagreement (Deviations) is still exactly what it says:
// the handwritten validation meets the case's expectations, and each declarative backend reports
// exactly the listed errors that the handwritten validation does not, and lacks none. When a fix
// changes that, move the case into Cases. (Deviations lives in this test file: the generator
// treats the exported structs of the packages under examples/api as API types.)
func TestDeviations(t *testing.T) {
	h, err := NewHarness("../../crds", "../../openapi.json", "../equivalence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Deviations() {
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

// Deviation is a case on which the declarative backends are known to disagree with the
// handwritten validation, which follows upstream validation-gen's semantics: each disagreement is
// a bug of validation-gen (or a limit of what the schema can publish), kept here, outside Cases,
// until it is fixed. Generated and Schema are the errors only that backend reports (only-generated,
// only-schema), exactly; a backend that reports something else, or a handwritten result that is
// not the case's Expect, fails TestDeviations, so that a fix moves the case back into Cases.
type Deviation struct {
	Case      equivalence.Case
	Generated []equivalence.Error
	Schema    []equivalence.Error
	Reason    string
}

// Deviations returns the known disagreements of the storage group.
func Deviations() []Deviation {
	return []Deviation{
		{
			Case:      update("class: modified to an invalid value", noop, spec(func(s *v1.BucketSpec) { s.Class = "Gold!" }), inv("spec.class")),
			Generated: []equivalence.Error{inv("spec.class")}, Schema: []equivalence.Error{inv("spec.class")},
			Reason: "+k8s:update is a short-circuit validator upstream: when the transition fails, the field's other " +
				"validators (here +k8s:format) do not run. The generated validators run them anyway (the update check is " +
				"marked short-circuit but the field block does not return early). The server checks the format too: " +
				"the schema's format is a structural check, which blocks the transition rule.",
		},
		{
			Case: update("owner: set too long", spec(func(s *v1.BucketSpec) { s.Owner = nil }),
				spec(func(s *v1.BucketSpec) { s.Owner = ptr.To(strings.Repeat("o", 64)) }), inv("spec.owner")),
			Generated: []equivalence.Error{lng("spec.owner")}, Schema: []equivalence.Error{lng("spec.owner")},
			Reason: "as above, +k8s:update=NoSet failing does not stop +k8s:maxLength in the generated validators; " +
				"the server checks maxLength (structural) and then skips the transition rule.",
		},
		{
			Case: update("legacyACL: set and unchanged, another field changed", spec(func(s *v1.BucketSpec) { s.LegacyACL = "public" }),
				spec(func(s *v1.BucketSpec) { s.LegacyACL = "public"; s.Replicas = 4 })),
			Generated: []equivalence.Error{frb("spec.legacyACL")}, Schema: []equivalence.Error{frb("spec.legacyACL")},
			Reason: "upstream does not revalidate an unchanged value, +k8s:forbidden included (the field's function " +
				"returns before ForbiddenValue). The generated validators check +k8s:forbidden with no ratcheting; " +
				"the published rule sits where the server does not ratchet it either.",
		},
		{
			Case: update("class: missing and unchanged, another field changed", spec(func(s *v1.BucketSpec) { s.Class = "" }),
				spec(func(s *v1.BucketSpec) { s.Class = ""; s.Replicas = 4 })),
			Generated: []equivalence.Error{req("spec.class")}, Schema: []equivalence.Error{req("spec.class")},
			Reason: "upstream does not revalidate an unchanged value, +k8s:required included (the field's function " +
				"returns before RequiredValue). The generated validators check +k8s:required with no ratcheting; " +
				"the server ratchets a required property only with its parent, which changed.",
		},
		{
			Case: update("endpoints: host missing and unchanged, port changed", ep(1, func(e *v1.Endpoint) { e.Host = "" }),
				ep(1, func(e *v1.Endpoint) { e.Host = ""; e.Port = 80 })),
			Generated: []equivalence.Error{req("spec.endpoints[1].host")}, Schema: []equivalence.Error{req("spec.endpoints[1].host")},
			Reason: "as above, +k8s:required of a list-map item's field, whose item changed.",
		},
	}
}
