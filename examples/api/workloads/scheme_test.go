package workloads_test

import (
	"context"
	"sort"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/v1beta1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// newWorkloadsScheme registers the internal version and every served version of the group, with
// their generated conversions.
func newWorkloadsScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	for name, add := range map[string]func(*runtime.Scheme) error{
		"workloads": workloads.AddToScheme,
		"v1":        v1.AddToScheme,
		"v1beta1":   v1beta1.AddToScheme,
	} {
		if err := add(s); err != nil {
			t.Fatalf("%s.AddToScheme: %v", name, err)
		}
	}
	return s
}

// typeFields lists the (type, field) pairs of errs, sorted.
func typeFields(errs field.ErrorList) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		out = append(out, string(e.Type)+" "+e.Field)
	}
	sort.Strings(out)
	return out
}

func TestSchemeRegistersAllKinds(t *testing.T) {
	s := newWorkloadsScheme(t)
	kinds := []string{"WorkerPool", "WorkerPoolList", "WorkerClass", "WorkerClassList", "WorkerQuota", "WorkerQuotaList"}
	for _, gv := range []struct{ group, version string }{
		{workloads.SchemeGroupVersion.Group, workloads.SchemeGroupVersion.Version},
		{v1.SchemeGroupVersion.Group, v1.SchemeGroupVersion.Version},
		{v1beta1.SchemeGroupVersion.Group, v1beta1.SchemeGroupVersion.Version},
	} {
		if gv.group != workloads.GroupName {
			t.Errorf("group %q, want %q", gv.group, workloads.GroupName)
		}
		for _, k := range kinds {
			gvk := workloads.SchemeGroupVersion.WithKind(k)
			gvk.Version = gv.version
			if !s.Recognizes(gvk) {
				t.Errorf("scheme does not recognize %v", gvk)
			}
		}
	}
}

func TestSchemeConvertValidWorkerPool(t *testing.T) {
	s := newWorkloadsScheme(t)
	ctx := context.Background()
	op := operation.Operation{Type: operation.Create}
	in := validation.ValidWorkerPool()
	if errs := workloads.Validate_WorkerPool(ctx, op, nil, in, nil); len(errs) != 0 {
		t.Fatalf("internal ValidWorkerPool: unexpected errors: %v", errs)
	}

	var outV1 v1.WorkerPool
	if err := s.Convert(in, &outV1, nil); err != nil {
		t.Fatalf("convert to v1: %v", err)
	}
	if outV1.Name != in.Name || len(outV1.Spec.Template.Containers) != len(in.Spec.Template.Containers) {
		t.Errorf("convert to v1 lost data: %+v", outV1)
	}
	if errs := v1.Validate_WorkerPool(ctx, op, nil, &outV1, nil); len(errs) != 0 {
		t.Errorf("v1: unexpected errors: %v", errs)
	}

	var outV1beta1 v1beta1.WorkerPool
	if err := s.Convert(in, &outV1beta1, nil); err != nil {
		t.Fatalf("convert to v1beta1: %v", err)
	}
	if outV1beta1.Name != in.Name || len(outV1beta1.Spec.Template.Containers) != len(in.Spec.Template.Containers) {
		t.Errorf("convert to v1beta1 lost data: %+v", outV1beta1)
	}
	if errs := v1beta1.Validate_WorkerPool(ctx, op, nil, &outV1beta1, nil); len(errs) != 0 {
		t.Errorf("v1beta1: unexpected errors: %v", errs)
	}

	// Round trip through v1beta1 drops CapacityWeight, which v1beta1 does not have.
	var back workloads.WorkerPool
	if err := s.Convert(&outV1beta1, &back, nil); err != nil {
		t.Fatalf("convert from v1beta1: %v", err)
	}
	if back.Spec.CapacityWeight != nil {
		t.Errorf("CapacityWeight after v1beta1 round trip = %v, want nil", *back.Spec.CapacityWeight)
	}
}

func TestSchemeConvertInvalidWorkerPool5(t *testing.T) {
	s := newWorkloadsScheme(t)
	ctx := context.Background()
	op := operation.Operation{Type: operation.Create}
	in := validation.InvalidWorkerPool5()

	internalErrs := workloads.Validate_WorkerPool(ctx, op, nil, in, nil)
	if len(internalErrs) != 5 {
		t.Fatalf("internal: got %d errors, want 5: %v", len(internalErrs), internalErrs)
	}

	var outV1 v1.WorkerPool
	if err := s.Convert(in, &outV1, nil); err != nil {
		t.Fatalf("convert to v1: %v", err)
	}
	v1Errs := v1.Validate_WorkerPool(ctx, op, nil, &outV1, nil)
	want, got := typeFields(internalErrs), typeFields(v1Errs)
	if len(got) != len(want) {
		t.Fatalf("v1: got %d errors %v, want %v", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("v1 error %d: got %q, want %q", i, got[i], want[i])
		}
	}
}
