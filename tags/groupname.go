package tags

func init() {
	Register(&Def{
		Name: "groupName", ControllerGen: true, Scopes: ScopePackage, Info: true,
		Value:   Arg{Kind: ArgString, Optional: true},
		Doc:     "The API group of the package's kinds (read from the package doc comments, as the other Kubernetes generators do).",
		OpenAPI: "CRD spec.group", Example: "+groupName=apps.example.com",
		Apply: func(c *Context) error {
			c.Pkg.GroupName = c.Value
			return nil
		},
	})
}
