package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "storageversion", Scopes: ScopeType,
		Value:   Arg{Kind: ArgNone},
		Doc:     "Marks this version of a root kind as the CRD storage version (default: the most stable, newest version).",
		OpenAPI: "CRD versions[].storage", Example: "+storageversion",
		Apply: func(c *Context) error {
			c.Type.StorageVersion = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
