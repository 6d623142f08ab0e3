package tags

func init() {
	Register(&Def{
		Name: "patchStrategy", Scopes: ScopeType | ScopeField, Info: true,
		Value: Arg{Kind: ArgJSON, Doc: "the strategies, as written (merge, retainKeys, merge,retainKeys)"},
		Doc: "How strategic merge patch merges the field (openapi-gen's tag, with the struct tag patchStrategy beside it); " +
			"published as openapi-gen writes it in the kube-openapi definitions, never in CRDs.",
		OpenAPI: "x-kubernetes-patch-strategy", Example: "+patchStrategy=merge",
		Apply: func(c *Context) error {
			return patchTag(c, "x-kubernetes-patch-strategy", "merge", "retainKeys", "replace")
		},
	})
}
