package tags

func init() {
	Register(&Def{
		Name: "patchMergeKey", Scopes: ScopeType | ScopeField, Info: true,
		Value: Arg{Kind: ArgJSON, Doc: "the key field's JSON name, as written"},
		Doc: "The field of list items that strategic merge patch merges them by (openapi-gen's tag, with the struct tag " +
			"patchMergeKey beside it); published as openapi-gen writes it in the kube-openapi definitions, never in CRDs.",
		OpenAPI: "x-kubernetes-patch-merge-key", Example: "+patchMergeKey=name",
		Apply: func(c *Context) error {
			return patchTag(c, "x-kubernetes-patch-merge-key")
		},
	})
}
