package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:customValidation", Scopes: ScopeType | ScopeField, Typed: true,
		Value: Arg{Kind: ArgNone},
		Doc: "Calls a hand-written validator of the package (or of the output package whose +k8s:validation-gen-input " +
			"names it, as Kubernetes' pkg/apis/core/v1 holds those of k8s.io/api/core/v1), named as Kubernetes' validation-gen names it: " +
			"ValidateCustom_<Type> for a type, ValidateCustom_<Struct>_<Field> for a field, with the signature " +
			"func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T) field.ErrorList, " +
			"T a pointer to the value (the slice, map or pointer itself when it is one). It runs where the tag's other " +
			"checks run, ratcheted with them.",
		OpenAPI: "nothing: hand-written Go", Example: "+k8s:customValidation",
		Apply: func(c *Context) error {
			if c.place.Chained || c.place.Owner == "" {
				return c.Errorf("applies to a type or a struct field, not to a value another tag selects")
			}
			name := "ValidateCustom_" + c.place.Owner
			var fn *types.Func
			if c.Lookup != nil {
				fn, _ = c.Lookup.Func(name)
			}
			if fn == nil && c.Lookup != nil && !c.Lookup.Upstream() {
				// k8s.io/api and apimachinery's meta/v1 carry the tag for validators generated into
				// other packages (+k8s:validation-gen-input), which hold the function.
				c.Diags.Warn(c.Raw.Pos, c.Def.Name, "no hand-written %s in this package, which is not written for Kubernetes' "+
					"validation-gen (+k8s:validation-gen); ignored", name)
				return nil
			}
			if fn == nil {
				return c.Errorf("expected the hand-written function %s in this package or in the output package that names it in +k8s:validation-gen-input", name)
			}
			want := customValueType(c.GoType)
			if !customSignature(fn.Type().(*types.Signature), want) {
				return c.Errorf("%s must have the signature func(ctx context.Context, op operation.Operation, fldPath *field.Path, "+
					"value, oldValue %s) field.ErrorList", name, typeString(want))
			}
			c.V.Calls = append(c.V.Calls, model.LibCall{Func: name, Custom: true, Pkg: fn.Pkg().Path(), Origin: c.Origin()})
			return nil
		},
	})
}

// customValueType is the type of the value a custom validator receives: the value's nilable form.
func customValueType(t types.Type) types.Type {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return t
	}
	return types.NewPointer(t)
}

func customSignature(sig *types.Signature, value types.Type) bool {
	named := func(t types.Type, pkg, name string) bool {
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
	}
	if sig.Variadic() || sig.Params().Len() != 5 || sig.Results().Len() != 1 {
		return false
	}
	ptr, ok := sig.Params().At(2).Type().(*types.Pointer)
	return named(sig.Params().At(0).Type(), "context", "Context") &&
		named(sig.Params().At(1).Type(), "k8s.io/apimachinery/pkg/api/operation", "Operation") &&
		ok && named(ptr.Elem(), "k8s.io/apimachinery/pkg/util/validation/field", "Path") &&
		types.Identical(sig.Params().At(3).Type(), value) && types.Identical(sig.Params().At(4).Type(), value) &&
		named(sig.Results().At(0).Type(), "k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")
}
