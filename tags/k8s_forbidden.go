package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:forbidden", Scopes: ScopeField, Typed: true,
		Value: Arg{Kind: ArgNone},
		Doc: "The field must not be set (a non-pointer field at its zero value counts as unset): a set value is " +
			"a Forbidden error and nothing else about the field is checked. In a +k8s:validation-gen package it is refused on a non-pointer struct " +
			"(always set), as upstream refuses it.",
		OpenAPI: "x-kubernetes-validations on the struct: the field unset (FieldValueForbidden, fieldPath of the field); nothing for a non-pointer struct, which a rule cannot tell from a zero one", Example: "+k8s:forbidden",
		Apply: func(c *Context) error {
			if err := upstreamPresence(c); err != nil {
				return err
			}
			if gatedPresence(c, "forbidden") {
				return nil
			}
			if c.V.Required != nil {
				return c.Errorf("conflicts with +required at line %d", c.V.Required.Pos.Line)
			}
			c.V.Forbidden = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
