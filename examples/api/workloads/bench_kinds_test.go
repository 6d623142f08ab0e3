package workloads_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/validation-gen/validation-gen/equivalence"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// BenchmarkKinds validates every workloads kind, valid, on create and on an unchanged update, with
// the generated validators (v1) and with the API server's validation of the same object from the
// generated CRD (equivalence.Schemas: the custom-resource strategy on the object converted to
// unstructured), in the same run:
//
//	BenchmarkKinds/WorkerPool/create-valid/generated
//	BenchmarkKinds/WorkerPool/create-valid/server
//
// The generated validators must not allocate (TestValidObjectsDoNotAllocate keeps them so).
//
//	go test -run XXX -bench Kinds -benchmem ./examples/api/workloads/
func BenchmarkKinds(b *testing.B) {
	schemas, err := equivalence.LoadSchemas("../crds", "../openapi.json")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, k := range benchKinds(b) {
		gvk := v1.SchemeGroupVersion.WithKind(k.name)
		for _, sc := range []struct {
			name     string
			obj, old runtime.Object
		}{
			{"create-valid", k.obj(), nil},
			{"update-unchanged", k.obj(), k.obj()},
		} {
			backends := []struct {
				name string
				run  func() field.ErrorList
			}{
				{"generated", func() field.ErrorList { return k.validate(ctx, sc.obj, sc.old) }},
				{"server", func() field.ErrorList {
					errs, err := schemas.Validate(ctx, gvk, sc.obj, sc.old)
					if err != nil {
						b.Fatal(err)
					}
					return errs
				}},
			}
			for _, be := range backends {
				if errs := be.run(); len(errs) > 0 { // also compiles the CEL rules left to cel-go
					b.Fatalf("%s %s %s: %v", k.name, sc.name, be.name, errs)
				}
				b.Run(k.name+"/"+sc.name+"/"+be.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						_ = be.run()
					}
				})
			}
		}
	}
}

type benchKind struct {
	name     string
	obj      func() runtime.Object
	validate func(ctx context.Context, obj, old runtime.Object) field.ErrorList
}

// benchKinds are the workloads kinds, valid, in v1.
func benchKinds(tb testing.TB) []benchKind {
	check := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	return []benchKind{
		{"WorkerPool", func() runtime.Object {
			var out v1.WorkerPool
			check(v1.Convert_workloads_WorkerPool_To_v1_WorkerPool(validation.ValidWorkerPool(), &out, nil))
			return &out
		}, func(ctx context.Context, obj, old runtime.Object) field.ErrorList {
			if old != nil {
				return v1.Validate_WorkerPool(ctx, updateOp, nil, obj.(*v1.WorkerPool), old.(*v1.WorkerPool))
			}
			return v1.Validate_WorkerPool(ctx, createOp, nil, obj.(*v1.WorkerPool), nil)
		}},
		{"WorkerQuota", func() runtime.Object {
			var out v1.WorkerQuota
			check(v1.Convert_workloads_WorkerQuota_To_v1_WorkerQuota(validation.ValidWorkerQuota(), &out, nil))
			return &out
		}, func(ctx context.Context, obj, old runtime.Object) field.ErrorList {
			if old != nil {
				return v1.Validate_WorkerQuota(ctx, updateOp, nil, obj.(*v1.WorkerQuota), old.(*v1.WorkerQuota))
			}
			return v1.Validate_WorkerQuota(ctx, createOp, nil, obj.(*v1.WorkerQuota), nil)
		}},
		{"WorkerClass", func() runtime.Object {
			var out v1.WorkerClass
			check(v1.Convert_workloads_WorkerClass_To_v1_WorkerClass(validation.ValidWorkerClass(), &out, nil))
			return &out
		}, func(ctx context.Context, obj, old runtime.Object) field.ErrorList {
			if old != nil {
				return v1.Validate_WorkerClass(ctx, updateOp, nil, obj.(*v1.WorkerClass), old.(*v1.WorkerClass))
			}
			return v1.Validate_WorkerClass(ctx, createOp, nil, obj.(*v1.WorkerClass), nil)
		}},
	}
}
