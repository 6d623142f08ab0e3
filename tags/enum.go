package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "enum", Aliases: []string{"k8s:enum"}, Scopes: ScopeType, Kinds: stringKinds,
		Value:   Arg{Kind: ArgNone},
		Doc:     "On a string type: values must be one of the type's constants (declared in the same package).",
		OpenAPI: "enum (sorted), and the values listed in the description", Example: "+enum",
		Apply: func(c *Context) error {
			if c.Lookup == nil || len(c.Lookup.EnumValues(c.GoType)) == 0 {
				return c.Errorf("type %s has no constants to enumerate", typeString(c.GoType))
			}
			c.V.Enum = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
