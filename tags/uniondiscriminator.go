package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "unionDiscriminator", Scopes: ScopeField, Info: true,
		Value:   Arg{Kind: ArgNone},
		Doc:     "The discriminator field of openapi-gen's union of the struct (+union, +unionDeprecated); published in x-kubernetes-unions.",
		OpenAPI: "x-kubernetes-unions[].discriminator", Example: "+unionDiscriminator",
		Apply: func(c *Context) error {
			if c.OpenAPIGen == nil {
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "openapi-gen reads this tag on fields and types only; ignored")
				return nil
			}
			c.OpenAPIGen.UnionDiscriminator = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
