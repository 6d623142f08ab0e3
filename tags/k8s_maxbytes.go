package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:maxBytes", Scopes: ScopeType | ScopeField, Kinds: stringKinds,
		Value: Arg{Kind: ArgInt},
		Doc: "The string must be at most N bytes long (UTF-8), whatever its characters: a Too long error with " +
			"origin maxBytes (apimachinery's validate.MaxBytes).",
		OpenAPI: "x-kubernetes-validations: `bytes(self).size() <= N` (FieldValueInvalid: the server has no Too long reason for rules)", Example: "+k8s:maxBytes=63",
		Apply: func(c *Context) error {
			if b, ok := underlyingBasic(c.GoType); !ok || b.Info()&types.IsString == 0 {
				return c.Errorf("applies to Go strings, not to %s", typeString(c.GoType))
			}
			c.V.Calls = append(c.V.Calls, model.LibCall{Func: "MaxBytes", Args: []any{int(c.Int())}, Origin: c.Origin()})
			return nil
		},
	})
}

// underlyingBasic is the basic type under t (through pointers and named types), if any.
func underlyingBasic(t types.Type) (*types.Basic, bool) {
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	b, ok := t.Underlying().(*types.Basic)
	return b, ok
}
