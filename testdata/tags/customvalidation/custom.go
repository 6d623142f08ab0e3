package customvalidation

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCustom_Spec rejects a spec named "root" (at the type, with its own path).
func ValidateCustom_Spec(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *Spec) field.ErrorList {
	if obj.Name == "root" {
		return field.ErrorList{field.Forbidden(fldPath, "custom")}
	}
	return nil
}

// ValidateCustom_Spec_Name rejects "bad".
func ValidateCustom_Spec_Name(_ context.Context, _ operation.Operation, fldPath *field.Path, v, _ *string) field.ErrorList {
	if *v == "bad" {
		return field.ErrorList{field.Invalid(fldPath, *v, "custom")}
	}
	return nil
}

// ValidateCustom_Spec_Tags rejects a second tag, at its index.
func ValidateCustom_Spec_Tags(_ context.Context, _ operation.Operation, fldPath *field.Path, v, _ []string) field.ErrorList {
	if len(v) > 1 {
		return field.ErrorList{field.Invalid(fldPath.Index(1), v[1], "custom")}
	}
	return nil
}

// ValidateCustom_Spec_Gated rejects negative values.
func ValidateCustom_Spec_Gated(_ context.Context, _ operation.Operation, fldPath *field.Path, v, _ *int32) field.ErrorList {
	if v != nil && *v < 0 {
		return field.ErrorList{field.Invalid(fldPath, *v, "custom")}
	}
	return nil
}

// ValidateCustom_Code rejects "x".
func ValidateCustom_Code(_ context.Context, _ operation.Operation, fldPath *field.Path, v, _ *Code) field.ErrorList {
	if *v == "x" {
		return field.ErrorList{field.Invalid(fldPath, *v, "custom")}
	}
	return nil
}
