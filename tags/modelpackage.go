package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:openapi-model-package", Scopes: ScopePackage | ScopeType, Info: true,
		Value:   Arg{Kind: ArgString},
		Doc:     "The prefix of OpenAPI definition names, for a package or one type (default: the reversed domain of the Go import path).",
		OpenAPI: "definition names", Example: "+k8s:openapi-model-package=io.k8s.api.core.v1",
		Apply: func(c *Context) error {
			if c.Type != nil {
				c.Type.ModelPackage = &model.String{Value: c.Value, Origin: c.Origin()}
				return nil
			}
			c.Pkg.ModelPackage = c.Value
			return nil
		},
	})
}
