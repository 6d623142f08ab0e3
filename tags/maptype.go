package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "mapType", ControllerGen: true, Scopes: ScopeType | ScopeField, Kinds: []model.Kind{model.KindMap},
		Value:   Arg{Kind: ArgWord, Words: []string{"atomic", "granular"}},
		Doc:     "How the map merges: atomic (replaced as a whole) or granular (entries merge separately).",
		OpenAPI: "x-kubernetes-map-type", Example: "+mapType=atomic",
		Apply: func(c *Context) error {
			c.V.MapType = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
