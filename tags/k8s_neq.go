package tags

import (
	"go/types"
	"strconv"

	"k8s.io/gengo/v2/codetags"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:neq", Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true,
		Kinds: []model.Kind{model.KindString, model.KindInteger, model.KindBoolean},
		Value: Arg{Kind: ArgScalar, Doc: "the disallowed value, of the field's type"},
		Doc: "The value must not equal the given one: an Invalid error with origin neq (apimachinery's " +
			"validate.NEQ).",
		OpenAPI: "x-kubernetes-validations: `self != <value>` (FieldValueInvalid, the same message)", Example: `+k8s:neq="default"`,
		Apply: func(c *Context) error {
			b, ok := underlyingBasic(c.GoType)
			var arg any
			var err error
			switch {
			case !ok:
				return c.Errorf("applies to Go strings, integers and booleans, not to %s", typeString(c.GoType))
			case b.Info()&types.IsString != 0 && c.Tag.ValueType == codetags.ValueTypeString:
				arg = c.Tag.Value
			case b.Info()&types.IsInteger != 0 && c.Tag.ValueType == codetags.ValueTypeInt:
				arg, err = strconv.ParseInt(c.Tag.Value, 0, 64)
			case b.Info()&types.IsBoolean != 0 && c.Tag.ValueType == codetags.ValueTypeBool:
				arg, err = strconv.ParseBool(c.Tag.Value)
			default:
				return c.Errorf("value %s is a %s, but the field is a Go %s", c.Tag.Value, c.Tag.ValueType, typeString(c.GoType))
			}
			if err != nil {
				return c.Errorf("value %s: %v", c.Tag.Value, err)
			}
			c.V.Calls = append(c.V.Calls, model.LibCall{Func: "NEQ", Args: []any{arg}, Origin: c.Origin()})
			return nil
		},
	})
}
