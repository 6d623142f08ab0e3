package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "union", Scopes: ScopeType | ScopeField, Info: true,
		Value: Arg{Kind: ArgNone},
		Doc: "openapi-gen's union: every field of the struct is a member, but the +unionDiscriminator; published as " +
			"openapi-gen writes it (x-kubernetes-unions on the definition). It validates nothing: +k8s:unionMember does.",
		OpenAPI: "x-kubernetes-unions", Example: "+union",
		Apply: func(c *Context) error {
			if c.Scope() == ScopeField {
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "openapi-gen takes +union on a struct type, not on a field (it logs "+
					"\"union tag is not accepted on struct members\"); ignored: put it on the struct's type, or use "+
					"+unionDeprecated on each member")
				return nil
			}
			if c.OpenAPIGen == nil {
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "openapi-gen reads this tag on fields and types only; ignored")
				return nil
			}
			c.OpenAPIGen.Union = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
