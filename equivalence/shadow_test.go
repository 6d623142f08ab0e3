package equivalence

import (
	"context"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestShadowReturnsHandwrittenAndReportsDifferences(t *testing.T) {
	p := field.NewPath("spec", "replicas")
	hand := func(context.Context, runtime.Object, runtime.Object) field.ErrorList {
		return field.ErrorList{field.Invalid(p, 5000, "must be less than or equal to 1000")}
	}
	var declErrs field.ErrorList
	var mu sync.Mutex
	var reported [][]Mismatch
	s, err := NewShadow(ShadowConfig{
		Handwritten: hand,
		Declarative: func(context.Context, runtime.Object, runtime.Object) field.ErrorList {
			if declErrs == nil {
				panic("declarative bug")
			}
			return declErrs
		},
		Version: "v1",
		Report: func(_ context.Context, ms []Mismatch) {
			mu.Lock()
			defer mu.Unlock()
			reported = append(reported, ms)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	obj := &unstructured.Unstructured{}

	// Agreement: nothing reported.
	declErrs = field.ErrorList{field.Invalid(p, 5000, "must be less than or equal to 1000")}
	if got := s.Validate(context.Background(), obj, nil); len(got) != 1 || got[0].Detail != "must be less than or equal to 1000" {
		t.Fatalf("Validate returned %v, want the handwritten errors", got)
	}
	// A difference: the handwritten errors are still returned, the difference reported.
	declErrs = field.ErrorList{}
	if got := s.Validate(context.Background(), obj, obj); len(got) != 1 {
		t.Fatalf("Validate returned %v, want the handwritten errors", got)
	}
	// A panic: reported, not propagated.
	declErrs = nil
	if got := s.Validate(context.Background(), obj, nil); len(got) != 1 {
		t.Fatalf("Validate returned %v, want the handwritten errors", got)
	}
	if s.Requests() != 3 || s.Mismatches() != 2 {
		t.Errorf("Requests() = %d, Mismatches() = %d; want 3 and 2", s.Requests(), s.Mismatches())
	}
	if len(reported) != 2 || reported[0][0].Kind != OnlyHandwritten || reported[0][0].Field != "spec.replicas" ||
		reported[1][0].Type != field.ErrorTypeInternal {
		t.Errorf("reported %+v", reported)
	}
	if _, err := NewShadow(ShadowConfig{Handwritten: hand}); err == nil {
		t.Error("NewShadow without Declarative: no error")
	}
}
