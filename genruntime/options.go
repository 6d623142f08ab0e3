package genruntime

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// IfOption reports whether a check gated on a validation option (+k8s:ifEnabled(name) when enabled,
// +k8s:ifDisabled(name) when not) runs in the operation, as apimachinery's validate.IfOption decides
// (it is called), and the errors validate.IfOption reports instead of running it: an internal error
// at a nil path for an option the operation does not define. Generated requiredness checks use it
// where the outcome, not only the errors, of a gated check matters (short-circuiting); it does not
// allocate when the option is defined.
func IfOption(ctx context.Context, op operation.Operation, name string, enabled bool) (bool, field.ErrorList) {
	errs := validate.IfOption[any](ctx, op, nil, nil, nil, name, enabled, gateOpen)
	if len(errs) == 1 && errs[0] == gateOpenErr {
		return true, nil
	}
	return false, errs
}

// gateOpenErr is what gateOpen returns to IfOption: never seen outside it.
var (
	gateOpenErr  = field.InternalError(nil, errors.New("gate open"))
	gateOpenList = field.ErrorList{gateOpenErr}
)

func gateOpen(context.Context, operation.Operation, *field.Path, any, any) field.ErrorList {
	return gateOpenList
}

// IfOptionDefined is validate.IfOption for a check carried to an element from the value where its
// option gate was written: an option the operation does not define was reported there, once, and
// the check does not run.
func IfOptionDefined[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T,
	name string, enabled bool, validator func(context.Context, operation.Operation, *field.Path, T, T) field.ErrorList,
) field.ErrorList {
	if on, defined := op.HasOption(name); !defined || on != enabled {
		return nil
	}
	return validator(ctx, op, fldPath, value, oldValue)
}
