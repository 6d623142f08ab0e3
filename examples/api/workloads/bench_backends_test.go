package workloads_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/equivalence"
	"github.com/validation-gen/validation-gen/examples/api/workloads"
	v1 "github.com/validation-gen/validation-gen/examples/api/workloads/v1"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// The three backends of the equivalence harness on the same WorkerPool objects:
//
//	handwritten  validation.ValidateWorkerPool(Update) on the internal object
//	generated    v1.Validate_WorkerPool on the v1 object
//	schema       the API server's custom-resource validation of the generated CRD, on the v1
//	             object converted to unstructured (zero values stripped), as equivalence.Schemas
//	             runs it
//
//	go test -run XXX -bench Backends -benchmem -count 5 ./examples/api/workloads/
func BenchmarkBackends(b *testing.B) {
	schemas, err := equivalence.LoadSchemas("../crds", "../openapi.json")
	if err != nil {
		b.Fatal(err)
	}
	toV1 := func(in *workloads.WorkerPool) *v1.WorkerPool {
		var out v1.WorkerPool
		if err := v1.Convert_workloads_WorkerPool_To_v1_WorkerPool(in, &out, nil); err != nil {
			b.Fatal(err)
		}
		return &out
	}
	changed := validation.ValidWorkerPool()
	changed.Spec.Replicas = ptr.To[int32](5)
	gvk := v1.SchemeGroupVersion.WithKind("WorkerPool")
	ctx := context.Background()
	for _, bc := range []benchCase[workloads.WorkerPool]{
		{"create-valid", validation.ValidWorkerPool(), nil},
		{"create-5errors", validation.InvalidWorkerPool5(), nil},
		{"update-unchanged", validation.ValidWorkerPool(), validation.ValidWorkerPool()},
		{"update-changed", changed, validation.ValidWorkerPool()},
	} {
		obj, old := toV1(bc.obj), (*v1.WorkerPool)(nil)
		var oldObj runtime.Object
		if bc.old != nil {
			old = toV1(bc.old)
			oldObj = old
		}
		backends := []struct {
			name string
			run  func() field.ErrorList
		}{
			{"handwritten", func() field.ErrorList {
				if bc.old == nil {
					return validation.ValidateWorkerPool(bc.obj)
				}
				return validation.ValidateWorkerPoolUpdate(bc.obj, bc.old)
			}},
			{"generated", func() field.ErrorList {
				if old == nil {
					return v1.Validate_WorkerPool(ctx, createOp, nil, obj, nil)
				}
				return v1.Validate_WorkerPool(ctx, updateOp, nil, obj, old)
			}},
			{"schema", func() field.ErrorList {
				errs, err := schemas.Validate(ctx, gvk, obj, oldObj)
				if err != nil {
					b.Fatal(err)
				}
				return errs
			}},
		}
		for _, be := range backends {
			_ = be.run() // warm-up: CEL rules compile on first use
			b.Run(bc.name+"/"+be.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = be.run()
				}
			})
		}
	}
}
