package workloads_test

// Regression tests for generator bugs found while testing the generated validators of this
// package (each test names the bug it pinned down; all are fixed).

import (
	"context"
	"testing"

	"k8s.io/utils/ptr"

	"github.com/validation-gen/validation-gen/examples/api/workloads"
	"github.com/validation-gen/validation-gen/examples/api/workloads/validation"
)

// TestGeneratorBugRegisterValidationsPanicsOnNilOld: scheme.ValidateUpdate with a nil old object
// panics inside the generated RegisterValidations, which asserts oldObj.(*WorkerPool) without
// checking (interface conversion: interface {} is nil, not *workloads.WorkerPool). The generated
// code is, for every root kind:
//
//	if op.Type == operation.Update {
//		return Validate_WorkerPool(ctx, op, nil, obj.(*WorkerPool), oldObj.(*WorkerPool))
//	}
//
// Expected: no panic on any input; a nil old object validates like a create (or is reported as an
// Internal error), as upstream validation-gen does with safe.Cast[*T](oldObj).
func TestGeneratorBugRegisterValidationsPanicsOnNilOld(t *testing.T) {
	scheme := fuzzScheme(t)
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("scheme.ValidateUpdate with a nil old object panicked: %v", p)
		}
	}()
	checkErrs(t, scheme.ValidateUpdate(context.Background(), nil, validation.ValidWorkerPool(), nil))
}

// TestGeneratorBugTransitionRulesRunOnCreate: transition rules (+immutable, rules using oldSelf)
// must run on update only. Validate_ runs them whenever oldObj is non-nil, whatever op.Type says:
// the immutable check is "if old != nil && !equal_v1_LabelSelector(v, old)" and the CEL rule gets
// genruntime.Old(old). The scheme passes nil on create, so this only bites direct callers that
// pass an old object with a Create operation (the doc comment asks for nil). Expected: gate the
// transition rules (and the old values they see) on op.Type == operation.Update.
func TestGeneratorBugTransitionRulesRunOnCreate(t *testing.T) {
	obj := pool(func(p *workloads.WorkerPool) {
		p.Spec.Selector.MatchLabels["x"] = "y"
		p.Spec.ProgressDeadlineSeconds = ptr.To[int32](60)
	})
	checkErrs(t, workloads.Validate_WorkerPool(context.Background(), createOp, nil, obj, pool()))
}
