package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "structType", ControllerGen: true, Scopes: ScopeType | ScopeField, Kinds: []model.Kind{model.KindObject},
		Value:   Arg{Kind: ArgWord, Words: []string{"atomic", "granular"}},
		Doc:     "How the struct merges: atomic (replaced as a whole) or granular (fields merge separately).",
		OpenAPI: "x-kubernetes-map-type", Example: "+structType=atomic",
		Apply: func(c *Context) error {
			c.V.StructType = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
