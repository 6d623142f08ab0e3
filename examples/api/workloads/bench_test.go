package workloads_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// Generated versus handwritten validation of the same internal objects. Each benchmark prints
// comparable pairs:
//
//	BenchmarkWorkerPool/create-valid/generated
//	BenchmarkWorkerPool/create-valid/handwritten
//
// for create-valid, create-5errors, update-unchanged (old and new equal, distinct objects) and
// update-changed (one field changed). Every validator runs once before timing: CEL rules compile
// lazily on first use.
//
//	go test -run XXX -bench . -benchmem -count 5 ./examples/api/workloads/

// benchCase is one scenario: a create (old nil) or an update.
type benchCase[T any] struct {
	name     string
	obj, old *T
}

func runPair[T any](b *testing.B, cases []benchCase[T],
	generated func(ctx context.Context, obj, old *T) field.ErrorList,
	handwritten func(obj, old *T) field.ErrorList,
) {
	ctx := context.Background()
	for _, bc := range cases {
		_ = generated(ctx, bc.obj, bc.old) // warm-up: compiles the CEL rules
		_ = handwritten(bc.obj, bc.old)
		b.Run(bc.name+"/generated", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = generated(ctx, bc.obj, bc.old)
			}
		})
		b.Run(bc.name+"/handwritten", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = handwritten(bc.obj, bc.old)
			}
		})
	}
}

func BenchmarkWorkerPool(b *testing.B) {
	changed := validation.ValidWorkerPool()
	changed.Spec.Replicas = ptr.To[int32](5)
	runPair(b, []benchCase[workloads.WorkerPool]{
		{"create-valid", validation.ValidWorkerPool(), nil},
		{"create-5errors", validation.InvalidWorkerPool5(), nil},
		{"update-unchanged", validation.ValidWorkerPool(), validation.ValidWorkerPool()},
		{"update-changed", changed, validation.ValidWorkerPool()},
	}, func(ctx context.Context, obj, old *workloads.WorkerPool) field.ErrorList {
		if old == nil {
			return workloads.Validate_WorkerPool(ctx, createOp, nil, obj, nil)
		}
		return workloads.Validate_WorkerPool(ctx, updateOp, nil, obj, old)
	}, func(obj, old *workloads.WorkerPool) field.ErrorList {
		if old == nil {
			return validation.ValidateWorkerPool(obj)
		}
		return validation.ValidateWorkerPoolUpdate(obj, old)
	})
}

func BenchmarkWorkerQuota(b *testing.B) {
	changed := validation.ValidWorkerQuota()
	changed.Spec.MaxPools = 12
	runPair(b, []benchCase[workloads.WorkerQuota]{
		{"create-valid", validation.ValidWorkerQuota(), nil},
		{"create-5errors", validation.InvalidWorkerQuota5(), nil},
		{"update-unchanged", validation.ValidWorkerQuota(), validation.ValidWorkerQuota()},
		{"update-changed", changed, validation.ValidWorkerQuota()},
	}, func(ctx context.Context, obj, old *workloads.WorkerQuota) field.ErrorList {
		if old == nil {
			return workloads.Validate_WorkerQuota(ctx, createOp, nil, obj, nil)
		}
		return workloads.Validate_WorkerQuota(ctx, updateOp, nil, obj, old)
	}, func(obj, old *workloads.WorkerQuota) field.ErrorList {
		if old == nil {
			return validation.ValidateWorkerQuota(obj)
		}
		return validation.ValidateWorkerQuotaUpdate(obj, old)
	})
}

func BenchmarkWorkerClass(b *testing.B) {
	invalid := validation.ValidWorkerClass()
	invalid.CPU = 0
	changed := validation.ValidWorkerClass()
	changed.Memory = resource.MustParse("64Gi")
	runPair(b, []benchCase[workloads.WorkerClass]{
		{"create-valid", validation.ValidWorkerClass(), nil},
		{"create-1error", invalid, nil},
		{"update-unchanged", validation.ValidWorkerClass(), validation.ValidWorkerClass()},
		{"update-changed", changed, validation.ValidWorkerClass()},
	}, func(ctx context.Context, obj, old *workloads.WorkerClass) field.ErrorList {
		if old == nil {
			return workloads.Validate_WorkerClass(ctx, createOp, nil, obj, nil)
		}
		return workloads.Validate_WorkerClass(ctx, updateOp, nil, obj, old)
	}, func(obj, old *workloads.WorkerClass) field.ErrorList {
		if old == nil {
			return validation.ValidateWorkerClass(obj)
		}
		return validation.ValidateWorkerClassUpdate(obj, old)
	})
}

// scaledQuota is a valid WorkerQuota with n zones (+listType=set) and n class quotas
// (+listType=map), all unique.
func scaledQuota(n int) *workloads.WorkerQuota {
	q := validation.ValidWorkerQuota()
	q.Spec.Zones = nZones(n)
	q.Spec.Classes = nClasses(n)
	return q
}

// BenchmarkListScaling validates a WorkerQuota whose set and list-map hold n items each, for n
// from 10 to 10000, and reports the cost per item (ns/item): roughly constant when uniqueness
// checks and old/new correlation are O(n).
//
//   - create: uniqueness of the set and of the list-map keys, item validation.
//   - update-reversed: the old lists hold the same items in reverse order, so every item has to be
//     found in the old list (by value for the set, by key for the list-map) to ratchet.
func BenchmarkListScaling(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{10, 100, 1000, 10000} {
		obj := scaledQuota(n)
		old := scaledQuota(n)
		slices.Reverse(old.Spec.Zones)
		slices.Reverse(old.Spec.Classes)
		if errs := workloads.Validate_WorkerQuota(ctx, createOp, nil, obj, nil); len(errs) > 0 {
			b.Fatal(errs)
		}
		perItem := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		}
		b.Run(fmt.Sprintf("create/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = workloads.Validate_WorkerQuota(ctx, createOp, nil, obj, nil)
			}
			perItem(b)
		})
		b.Run(fmt.Sprintf("update-reversed/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = workloads.Validate_WorkerQuota(ctx, updateOp, nil, obj, old)
			}
			perItem(b)
		})
		b.Run(fmt.Sprintf("create-handwritten/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = validation.ValidateWorkerQuota(obj)
			}
			perItem(b)
		})
	}
}

// TestValidWorkerQuotaCreateAllocatesNothing: WorkerQuota has no CEL rule, so validating a valid
// one on create allocates nothing (errors and paths are only built on the error path).
func TestValidWorkerQuotaCreateAllocatesNothing(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters change allocation")
	}
	ctx := context.Background()
	obj := validation.ValidWorkerQuota()
	if allocs := testing.AllocsPerRun(100, func() { _ = workloads.Validate_WorkerQuota(ctx, createOp, nil, obj, nil) }); allocs != 0 {
		t.Errorf("Validate_WorkerQuota of a valid object allocates %v times per call", allocs)
	}
	old := validation.ValidWorkerQuota()
	if allocs := testing.AllocsPerRun(100, func() { _ = workloads.Validate_WorkerQuota(ctx, updateOp, nil, obj, old) }); allocs != 0 {
		t.Errorf("Validate_WorkerQuota of an unchanged object allocates %v times per call", allocs)
	}
}
