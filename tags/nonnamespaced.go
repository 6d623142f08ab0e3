package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "genclient:nonNamespaced", Scopes: ScopeType, Info: true,
		Value:   Arg{Kind: ArgNone},
		Doc:     "client-gen's marker for cluster-scoped kinds; read to make the CRD Cluster-scoped.",
		OpenAPI: "CRD spec.scope: Cluster", Example: "+genclient:nonNamespaced",
		Apply: func(c *Context) error {
			c.Type.NonNamespaced = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
