package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "plural", Scopes: ScopeType,
		Value:   Arg{Kind: ArgString},
		Doc:     "The plural resource name of a root kind (default: the kind's English plural, lower-cased, as Kubernetes' client-gen forms it: gatewayclasses, policies, gateways).",
		OpenAPI: "CRD spec.names.plural", Example: "+plural=people",
		Apply: func(c *Context) error {
			c.Type.Plural = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
