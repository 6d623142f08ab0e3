package tags

func init() {
	Register(&Def{
		Name: "k8s:validateTrue", Scopes: ScopeType | ScopeField, Typed: true, TestOnly: true, Repeatable: true,
		Value: Arg{Kind: ArgString, Optional: true, Doc: "a message, never reported"},
		Args:  fixedResultArgs,
		Doc: "Always passes (upstream's validate.FixedResult): it only makes the value carry a check. For " +
			"generators' own test suites, as upstream's validation-gen uses it.",
		OpenAPI: "nothing", Example: `+k8s:validateTrue="field T.F"`,
		Apply: func(c *Context) error { return applyFixedResult(c, true) },
	})
}
