package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:opaqueType", Scopes: ScopeField | ScopeType, Typed: true,
		Value: Arg{Kind: ArgNone},
		Doc: "On a field, the validation the field's type declares is not run from this field (the field's own tags, " +
			"+k8s:subfield included, still are). On a struct type, the type's own tags are checked but its fields are not.",
		OpenAPI: "unchanged: the schema still references the type's definition, or has the validations of the field's type",
		Example: "+k8s:opaqueType",
		Apply: func(c *Context) error {
			if c.place.Scope == ScopeType && c.Kind != model.KindObject {
				return c.Errorf("on a type, applies to struct types, not to %s (Go type %s); put it on the fields that hold one",
					c.Kind, typeString(c.GoType))
			}
			c.V.Opaque = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
