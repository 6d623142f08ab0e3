package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerFlag(&Def{
		Name: "exclusiveMinimum", Scopes: ScopeType | ScopeField, Kinds: numberKinds,
		Doc:     "Makes +minimum exclusive: the value must be greater than the minimum. Requires +minimum.",
		OpenAPI: "exclusiveMinimum: true", Example: "+exclusiveMinimum",
	}, func(v *model.Validations) **model.Flag { return &v.ExclusiveMinimum })
}
