package validation

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCustom_Widget_Owner is the hand-written validator that +k8s:customValidation on
// types.Widget.Owner calls: it lives in the output package, as Kubernetes' pkg/apis/core/v1 holds
// those of k8s.io/api/core/v1.
func ValidateCustom_Widget_Owner(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value != nil && *value == "root" {
		return field.ErrorList{field.Forbidden(fldPath, "may not be root")}
	}
	return nil
}
