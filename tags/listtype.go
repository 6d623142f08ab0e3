package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "listType", Aliases: []string{"k8s:listType"}, ControllerGen: true, Scopes: ScopeType | ScopeField, Kinds: listKinds,
		Value: Arg{Kind: ArgWord, Words: []string{"atomic", "set", "map"}},
		Doc: "How the list merges and what makes its items unique: atomic (replaced as a whole), set (unique scalar items), " +
			"map (items are objects identified by their +listMapKey fields).",
		OpenAPI: "x-kubernetes-list-type", Example: "+listType=map",
		Apply: func(c *Context) error {
			if prev := c.V.ListType; prev != nil {
				// Kubernetes writes the list type for openapi-gen and again, at a stability level,
				// for its validation-gen: +listType=map and +k8s:alpha=+k8s:listType=map.
				if prev.Value != c.Value {
					return c.Errorf("conflicts with +%s=%s at line %d", prev.Tag, prev.Value, prev.Pos.Line)
				}
				stableWins(&prev.Origin, c.Origin())
				return nil
			}
			c.V.ListType = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
