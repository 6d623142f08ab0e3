package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerFlag(&Def{
		Name: "exclusiveMaximum", Scopes: ScopeType | ScopeField, Kinds: numberKinds,
		Doc:     "Makes +maximum exclusive: the value must be less than the maximum. Requires +maximum.",
		OpenAPI: "exclusiveMaximum: true", Example: "+exclusiveMaximum",
	}, func(v *model.Validations) **model.Flag { return &v.ExclusiveMaximum })
}
