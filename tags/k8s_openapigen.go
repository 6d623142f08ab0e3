package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:openapi-gen", Scopes: ScopePackage | ScopeType | ScopeField, Info: true, Repeatable: true,
		Value: Arg{Kind: ArgJSON, Doc: "true, false or x-kubernetes-<name>:<value>"},
		Doc: "openapi-gen's tag. In doc.go, true: the package's types get kube-openapi definitions; on a type, true selects it " +
			"and false leaves it out (on a field, false leaves the field out); x-kubernetes-<name>:<value> publishes that " +
			"extension, as a string, on the type's definition or the field.",
		OpenAPI: "which types get definitions; x-kubernetes-<name>", Example: "+k8s:openapi-gen=true",
		Apply: func(c *Context) error {
			v := c.Value
			switch {
			case v == "true" && c.Scope() == ScopePackage && !inDocGo(c):
				// openapi-gen (gengo) reads package tags from doc.go only: the builder warns when
				// doc.go does not say it too.
				c.Pkg.OpenAPIGenOutsideDocGo = &model.Flag{Origin: c.Origin()}
			case v == "true" && c.Scope() == ScopePackage:
				c.Pkg.OpenAPIGen = &model.Flag{Origin: c.Origin()}
			case v == "false" && c.Scope() == ScopePackage:
				// The package's types get no definitions, as without the tag.
			case v == "true" && c.Scope() == ScopeType:
				c.OpenAPIGen.Select = &model.Flag{Origin: c.Origin()}
			case v == "false" && c.Scope() != ScopePackage:
				// Read by the builder, which leaves the type or field out.
			case strings.HasPrefix(v, "x-kubernetes-") && c.Scope() != ScopePackage:
				name, value, ok := strings.Cut(v, ":")
				if !ok {
					c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "an extension is written x-kubernetes-<name>:<value>; openapi-gen "+
						"publishes nothing for %q, and neither does validation-gen", v)
					return nil
				}
				c.extension(name, value)
			default:
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "openapi-gen reads %s on a %s, and ignores %q; ignored",
					map[Scope]string{ScopePackage: "true", ScopeType: "true, false or x-kubernetes-<name>:<value>",
						ScopeField: "false or x-kubernetes-<name>:<value>"}[c.Scope()], c.Scope(), v)
			}
			return nil
		},
	})
}
