package crserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	apiextcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/warning"
)

// costCRD has rules whose cost a document can drive past the server's limits: quadratic rules over
// a list without maxItems (no finite bound) and with one too large (a bound beyond the per-call
// limit), and a rule with a small bound on each item of a long list (the bounds add up past the
// budget).
const costCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: costs.example.com
spec:
  group: example.com
  names: {kind: Cost, plural: costs}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              unbounded:
                type: array
                items: {type: string, maxLength: 8}
                x-kubernetes-validations:
                - rule: self.all(x, self.all(y, x == y || x != y))
              tooLarge:
                type: array
                maxItems: 500
                items: {type: string, maxLength: 8}
                x-kubernetes-validations:
                - rule: self.all(x, self.all(y, x == y || x != y))
              many:
                type: array
                maxItems: 2000
                items:
                  type: object
                  properties:
                    l:
                      type: array
                      maxItems: 100
                      items: {type: string, maxLength: 8}
                  x-kubernetes-validations:
                  - rule: self.l.all(x, self.l.all(y, x == y || x != y))
                  - rule: size(self.l) != 3
                    messageExpression: "'item with ' + string(size(self.l)) + ' values'"
`

// TestCELCostLimitsWithoutTracking: where cost tracking could fire, ValidateWithinBounds finds the
// server's cost errors (and the same errors everywhere else): a rule without a finite bound or
// with one beyond the per-call limit is always tracked, and bounds that add up past the budget
// leave the verdict to tracked evaluation. Documents respect the schema's bounds.
func TestCELCostLimitsWithoutTracking(t *testing.T) {
	k := costKind(t)
	ours := k.Strategy.(*strategy).celValidator()
	server := apiextcel.NewValidator(k.Structural, true, celconfig.PerCallLimit)

	list := func(n int, v func(int) interface{}) []interface{} {
		l := make([]interface{}, n)
		for i := range l {
			l[i] = v(i)
		}
		return l
	}
	str := func(i int) interface{} { return fmt.Sprintf("v%d", i%1000) }
	item := func(n int) func(int) interface{} {
		return func(int) interface{} { return map[string]interface{}{"l": list(n, str)} }
	}
	for _, c := range []struct {
		name string
		spec map[string]interface{}
		// want is a message the server's errors must include ("" for none); untracked: every
		// evaluation is without tracking.
		want      string
		untracked bool
	}{
		{"unbounded list, short", map[string]interface{}{"unbounded": list(10, str)}, "", false},
		{"unbounded list, long", map[string]interface{}{"unbounded": list(2000, str)}, "call cost exceeds limit", false},
		{"bound beyond the per-call limit", map[string]interface{}{"tooLarge": list(500, str)}, "call cost exceeds limit", false},
		{"bounds within the budget", map[string]interface{}{"many": list(30, item(100))}, "", true},
		{"failing items, bounds within the budget", map[string]interface{}{"many": list(30, item(3))}, "item with 3 values", true},
		{"bounds past the budget, actual cost small", map[string]interface{}{"many": list(2000, item(2))}, "", false},
		{"bounds past the budget, actual cost too", map[string]interface{}{"many": list(2000, item(40))}, "running out of cost budget", false},
		{"failing items, bounds past the budget", map[string]interface{}{"many": list(2000, item(3))}, "item with 3 values", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := map[string]interface{}{"apiVersion": "example.com/v1", "kind": "Cost",
				"metadata": map[string]interface{}{"name": "c", "namespace": "default"}, "spec": c.spec}
			body, err := json.Marshal(obj)
			if err != nil {
				t.Fatal(err)
			}
			u, _, err := k.Decode(body, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			if !k.Strategy.(*strategy).schemaCheck.valid(u.Object) {
				t.Fatal("the document is not within the schema's bounds")
			}
			want, wantWarn, _ := runServer(server, k, u.Object, nil, nil)
			var w warnings
			errs, run := ours.validateWithinBounds(warning.WithWarningRecorder(context.Background(), &w), nil, u.Object, nil, celconfig.RuntimeCELCostBudget, nil)
			got := make([]string, len(errs))
			for i, e := range errs {
				got[i] = string(e.Type) + " " + e.Error()
			}
			compare(t, c.name, want, got, wantWarn, w, 0, 0)
			if c.want != "" && !strings.Contains(strings.Join(want, "\n"), c.want) {
				t.Errorf("the server's errors do not say %q: %q", c.want, want)
			}
			if c.want == "" && len(want) > 0 || strings.Contains(c.want, "item") && strings.Contains(strings.Join(want, "\n"), "budget") {
				t.Errorf("the server finds errors: %q", want)
			}
			if c.untracked && (run.undecided || run.trackedEvals > 0 || run.untrackedEvals == 0) {
				t.Errorf("%d evaluations without tracking, %d with, undecided %v: want all without", run.untrackedEvals, run.trackedEvals, run.undecided)
			}
			t.Logf("untracked %d, tracked %d, undecided %v", run.untrackedEvals, run.trackedEvals, run.undecided)
		})
	}
}

// TestUntrackedProgram: withoutCostTracking takes back the base environment's cost tracking and
// per-call limit, and nothing else: the program computes the same result without a cost.
func TestUntrackedProgram(t *testing.T) {
	k := costKind(t)
	v := k.Strategy.(*strategy).celValidator().properties["spec"].properties["many"].items
	if v == nil || v.bounds == nil || v.bounds[0].program == nil {
		t.Fatal("the items' rule has no untracked program")
	}
	self := map[string]interface{}{"l": []interface{}{"a", "b"}}
	a, _ := v.activations(self, nil)
	tracked, trackedDetails, err := v.compiled[0].Program.Eval(a)
	if err != nil || trackedDetails == nil || trackedDetails.ActualCost() == nil {
		t.Fatalf("the server's program: %v, %v", err, trackedDetails)
	}
	untracked, details, err := v.bounds[0].program.Eval(a)
	if err != nil {
		t.Fatal(err)
	}
	if details != nil && details.ActualCost() != nil {
		t.Errorf("the untracked program tracks its cost: %d", *details.ActualCost())
	}
	if untracked != tracked {
		t.Errorf("the untracked program gives %v, the server's %v", untracked, tracked)
	}
}

func costKind(t *testing.T) *Kind {
	t.Helper()
	crd, err := ReadCRD([]byte(costCRD))
	if err != nil {
		t.Fatal(err)
	}
	kinds, err := NewKinds(crd)
	if err != nil {
		t.Fatal(err)
	}
	return kinds[0]
}
