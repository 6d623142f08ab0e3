package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "unionDeprecated", Scopes: ScopeField, Info: true,
		Value: Arg{Kind: ArgNone},
		Doc: "A member of openapi-gen's union of the struct's +unionDeprecated fields (in a struct without +union); " +
			"published in x-kubernetes-unions.",
		OpenAPI: "x-kubernetes-unions[].fields-to-discriminateBy", Example: "+unionDeprecated",
		Apply: func(c *Context) error {
			if c.OpenAPIGen == nil {
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "openapi-gen reads this tag on fields and types only; ignored")
				return nil
			}
			c.OpenAPIGen.UnionDeprecated = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
