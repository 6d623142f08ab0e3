package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:opaqueType", Scopes: ScopeField, Typed: true, Kinds: []model.Kind{model.KindObject},
		Value: Arg{Kind: ArgNone},
		Doc: "The validation the field's struct type declares is not run from this field (the field's own tags, " +
			"+k8s:subfield included, still are).",
		OpenAPI: "unchanged: the schema still references the type's definition", Example: "+k8s:opaqueType",
		Apply: func(c *Context) error {
			c.V.Opaque = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
