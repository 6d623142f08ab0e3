package tags

func init() {
	Register(&Def{
		Name: "k8s:validateTrueAlpha", Scopes: ScopeType | ScopeField, Typed: true, TestOnly: true, Repeatable: true,
		Value: Arg{Kind: ArgString, Optional: true, Doc: "a message, never reported"},
		Args:  fixedResultArgs,
		Doc: "+k8s:validateTrue at the alpha stability level: it always passes, so the level marks no error. For " +
			"generators' own test suites, as upstream's validation-gen uses it.",
		OpenAPI: "nothing", Example: `+k8s:validateTrueAlpha="field T.F"`,
		Apply: func(c *Context) error { return applyFixedResult(c, true) },
	})
}
