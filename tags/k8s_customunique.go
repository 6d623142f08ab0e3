package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:customUnique", Scopes: ScopeType | ScopeField, Typed: true, Kinds: listKinds,
		Value: Arg{Kind: ArgNone},
		Doc: "The uniqueness of a +listType=set or +listType=map is checked by hand-written code: generated validators " +
			"do not report duplicates (the list type's other effects, such as correlating items, stay).",
		OpenAPI: "nothing", Example: "+k8s:customUnique",
		Apply: func(c *Context) error {
			c.V.CustomUnique = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
