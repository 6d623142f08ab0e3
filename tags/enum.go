package tags

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "enum", Aliases: []string{"k8s:enum"}, Scopes: ScopeType, Kinds: stringKinds,
		Value: Arg{Kind: ArgNone},
		Doc: "On a string type: values must be one of the type's constants (declared in the same package). In a package " +
			"written for Kubernetes' validation-gen, a type without constants is accepted, and no value is supported. In a " +
			"package written for controller-gen that openapi-gen does not read (no +k8s:openapi-gen=true), it is not applied, " +
			"as controller-gen does not read it, with a warning (+kubebuilder:validation:Enum lists the values there).",
		OpenAPI: "enum (sorted), and the values listed in the description", Example: "+enum",
		Apply: func(c *Context) error {
			// Kubernetes' validation-gen accepts an enum without values, which no value satisfies.
			if c.Lookup == nil || len(c.Lookup.EnumValues(c.GoType)) == 0 && !c.Lookup.Upstream() {
				if c.Lookup != nil && c.Origin().K8s == nil {
					// +enum is openapi-gen's tag, which lists the type's constants and publishes
					// nothing without them; controller-gen does not read it (Envoy Gateway has
					// such types, beside a +kubebuilder:validation:Enum).
					c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "type %s has no exported constants to enumerate, so this tag says "+
						"nothing (openapi-gen publishes no enum for it, controller-gen ignores it); ignored: declare its values as "+
						"typed constants in its package (const X %s = \"x\") or remove +enum", typeString(c.GoType), typeName(c.GoType))
					return nil
				}
				return c.Errorf("type %s has no exported constants to enumerate: declare its values as typed constants "+
					"in its package (const X %s = \"x\") or remove +%s", typeString(c.GoType), typeName(c.GoType), c.Raw.Name)
			}
			if c.V.Enum != nil {
				stableWins(&c.V.Enum.Origin, c.Origin()) // +enum and +k8s:alpha=+k8s:enum
				return nil
			}
			c.V.Enum = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}

// typeName is the unqualified name of a named type or alias.
func typeName(t types.Type) string {
	switch x := t.(type) {
	case *types.Named:
		return x.Obj().Name()
	case *types.Alias:
		return x.Obj().Name()
	}
	return typeString(t)
}
