package bench_test

// This file is copied into the temporary module of TestK8sAPIBench (test/k8sapi/bench_test.go):
// package upstream holds the validators Kubernetes generated for k8s.io/api/resource/v1 with
// upstream's validation-gen (its pkg/apis/resource/v1/zz_generated.validations.go), package ours
// those this generator generates from the same package tags.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	resourcev1 "k8s.io/api/resource/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	ours "validationgen.test/k8sbench/ours/resource/v1"
	upstream "validationgen.test/k8sbench/upstream/resource/v1"
)

type validateFunc func(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *resourcev1.ResourceClaim) field.ErrorList

// impls are the validators compared, upstream's first.
var impls = []struct {
	name string
	fn   validateFunc
}{{"upstream", upstream.Validate_ResourceClaim}, {"ours", ours.Validate_ResourceClaim}}

type benchCase struct {
	name     string
	op       operation.Type
	obj, old *resourcev1.ResourceClaim
	errors   int // how many errors upstream reports
}

func cases() []benchCase {
	return []benchCase{
		{"CreateValid", operation.Create, validClaim(), nil, 0},
		{"UpdateUnchanged", operation.Update, validClaim(), validClaim(), 0},
		{"UpdateOneChange", operation.Update, changedClaim(), validClaim(), 0},
		{"CreateFiveErrors", operation.Create, invalidClaim(), nil, 5},
	}
}

// errorCases are checked for the same errors (TestSameErrors) but not benchmarked.
func errorCases() []benchCase {
	return []benchCase{
		{"UpdateMetadataErrors", operation.Update, metadataClaim(), validClaim(), 5},
	}
}

// BenchmarkResourceClaim validates the same objects with both validators, as the API server calls
// them (through the scheme, the root path is nil).
func BenchmarkResourceClaim(b *testing.B) {
	ctx := context.Background()
	for _, c := range cases() {
		for _, impl := range impls {
			b.Run(c.name+"/"+impl.name, func(b *testing.B) {
				op := operation.Operation{Type: c.op}
				b.ReportAllocs()
				for b.Loop() {
					impl.fn(ctx, op, nil, c.obj, c.old)
				}
			})
		}
	}
}

// TestSameErrors checks that upstream reports the errors each case is built for, and that both
// validators report the same errors. Errors are paired by field path, type and origin: an error
// without a partner fails the test. Paired errors must have the same stability level, bad value
// and detail, unless differences.txt lists the difference; an entry there that no longer occurs
// fails the test too, so the list stays exact.
func TestSameErrors(t *testing.T) {
	known := knownDifferences(t)
	ctx := context.Background()
	for _, c := range append(cases(), errorCases()...) {
		t.Run(c.name, func(t *testing.T) {
			op := operation.Operation{Type: c.op}
			want := impls[0].fn(ctx, op, nil, c.obj, c.old)
			if len(want) != c.errors {
				t.Fatalf("upstream reports %d errors, the case is built for %d:\n%v", len(want), c.errors, want)
			}
			got := impls[1].fn(ctx, op, nil, c.obj, c.old)
			for _, d := range compare(want, got) {
				line := c.name + " " + d
				if known[line] {
					delete(known, line)
					t.Logf("known difference: %s", line)
					continue
				}
				t.Errorf("%s", line)
			}
			for _, e := range want {
				t.Logf("%s: %s (origin %q, %s)", e.Field, e.Type, e.Origin, e.ValidationStabilityLevel)
			}
		})
	}
	for line := range known {
		t.Errorf("differences.txt lists a difference that does not occur (remove it): %s", line)
	}
}

// knownDifferences reads differences.txt: one difference a line, as compare writes it after the
// case's name; # starts a comment (the reason).
func knownDifferences(t *testing.T) map[string]bool {
	b, err := os.ReadFile("differences.txt")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			known[line] = true
		}
	}
	return known
}

// compare pairs upstream's errors (want) with ours (got) by field path, type and origin, and
// describes the differences: "<field> <type> <origin>: upstream only" (or "ours only") for an
// unpaired error, "<field> <type> <origin> <aspect>: upstream <value>, ours <value>" for an aspect
// of a pair (level, bad value, detail) that differs.
func compare(want, got field.ErrorList) []string {
	key := func(e *field.Error) string { return fmt.Sprintf("%s %s %q", e.Field, e.Type, e.Origin) }
	byKey := map[string][]*field.Error{}
	for _, e := range got {
		byKey[key(e)] = append(byKey[key(e)], e)
	}
	var out []string
	for _, w := range want {
		k := key(w)
		if len(byKey[k]) == 0 {
			out = append(out, k+": upstream only")
			continue
		}
		g := byKey[k][0]
		byKey[k] = byKey[k][1:]
		for _, a := range []struct{ name, w, g string }{
			{"level", w.ValidationStabilityLevel.String(), g.ValidationStabilityLevel.String()},
			{"bad value", badValue(w.BadValue), badValue(g.BadValue)},
			{"detail", strconv.Quote(w.Detail), strconv.Quote(g.Detail)},
		} {
			if a.w != a.g {
				out = append(out, fmt.Sprintf("%s %s: upstream %s, ours %s", k, a.name, a.w, a.g))
			}
		}
	}
	for k, rest := range byKey {
		for range rest {
			out = append(out, k+": ours only")
		}
	}
	sort.Strings(out)
	return out
}

// badValue prints a bad value by value, as JSON (pointers inside would differ).
func badValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}
