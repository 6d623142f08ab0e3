package workloads_test

import (
	"context"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// TestShadowMode runs the example's handwritten validation with the generated v1 validators in
// shadow, as a server would during the alpha of declarative validation: the handwritten errors are
// returned, and a difference is reported and counted.
func TestShadowMode(t *testing.T) {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{workloads.AddToScheme, v1.AddToScheme, v1.RegisterValidations} {
		if err := add(s); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var reported []equivalence.Mismatch
	// handwritten stands for a server whose handwritten validation forgot the +maximum of replicas.
	handwritten := func(ctx context.Context, obj, old runtime.Object) field.ErrorList {
		errs := validation.ValidateWorkerPool(obj.(*workloads.WorkerPool))
		var out field.ErrorList
		for _, e := range errs {
			if e.Field != "spec.replicas" {
				out = append(out, e)
			}
		}
		return out
	}
	shadow, err := equivalence.NewShadow(equivalence.ShadowConfig{
		Handwritten: handwritten,
		Declarative: equivalence.SchemeValidator(s, v1.SchemeGroupVersion, true),
		Version:     "v1",
		Report: func(_ context.Context, ms []equivalence.Mismatch) {
			mu.Lock()
			defer mu.Unlock()
			reported = append(reported, ms...)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if errs := shadow.Validate(ctx, validation.ValidWorkerPool(), nil); len(errs) != 0 {
		t.Fatalf("valid pool: %v", errs)
	}
	bad := validation.ValidWorkerPool()
	bad.Spec.Replicas = ptr.To[int32](5000)
	bad.Spec.Template.Containers[0].Image = "busybox:latest"
	errs := shadow.Validate(ctx, bad, nil)
	if len(errs) != 1 || errs[0].Field != "spec.template.containers[0].image" {
		t.Fatalf("Validate returned %v, want the handwritten errors only", errs)
	}
	if shadow.Requests() != 2 || shadow.Mismatches() != 1 {
		t.Errorf("Requests() = %d, Mismatches() = %d; want 2 and 1", shadow.Requests(), shadow.Mismatches())
	}
	if len(reported) != 1 || reported[0].Kind != equivalence.OnlyGenerated || reported[0].Field != "spec.replicas" {
		t.Errorf("reported %+v, want the generated-only error at spec.replicas", reported)
	}
}
