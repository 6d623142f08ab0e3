package tags

func init() {
	Register(&Def{
		Name: "k8s:validateError", Scopes: ScopeType | ScopeField, TestOnly: true, Repeatable: true,
		Value: Arg{Kind: ArgString, Doc: "the message of the error"},
		Doc: "Always fails generation: a positioned error with the given message, nothing written. For generators' " +
			"own test suites, as upstream's validation-gen uses it (its error path).",
		OpenAPI: "nothing: generation fails", Example: `+k8s:validateError="not supported here"`,
		Apply: func(c *Context) error { return c.Errorf("forced error: %s", c.Value) },
	})
}
