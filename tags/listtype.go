package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "listType", Aliases: []string{"k8s:listType"}, Scopes: ScopeType | ScopeField, Kinds: listKinds,
		Value: Arg{Kind: ArgWord, Words: []string{"atomic", "set", "map"}},
		Doc: "How the list merges and what makes its items unique: atomic (replaced as a whole), set (unique scalar items), " +
			"map (items are objects identified by their +listMapKey fields).",
		OpenAPI: "x-kubernetes-list-type", Example: "+listType=map",
		Apply: func(c *Context) error {
			c.V.ListType = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
