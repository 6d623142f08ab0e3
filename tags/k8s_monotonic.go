package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:monotonic", Scopes: ScopeType | ScopeField, Kinds: []model.Kind{model.KindInteger},
		Value: Arg{Kind: ArgNone},
		Doc: "On update, an integer may not decrease: an Invalid error with origin monotonic when the new value is " +
			"less than the old one, both set (apimachinery's validate.Monotonic).",
		OpenAPI: "x-kubernetes-validations: transition rule `self >= oldSelf` (FieldValueInvalid, the same message)", Example: "+k8s:monotonic",
		Apply: func(c *Context) error {
			if b, ok := underlyingBasic(c.GoType); !ok || b.Info()&types.IsInteger == 0 {
				return c.Errorf("applies to Go integers, not to %s", typeString(c.GoType))
			}
			c.V.Calls = append(c.V.Calls, model.LibCall{Func: "Monotonic", Origin: c.Origin()})
			return nil
		},
	})
}
