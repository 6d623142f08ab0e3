package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:validateFalse", Scopes: ScopeType | ScopeField, Typed: true, TestOnly: true, Repeatable: true,
		Value: Arg{Kind: ArgString, Optional: true, Doc: "the message, after \"forced failure: \""},
		Args:  fixedResultArgs,
		Doc: "Always fails: an Invalid error with origin validateFalse and the message \"forced failure: <value>\" " +
			"(upstream's validate.FixedResult). For generators' own test suites, as upstream's validation-gen uses it.",
		OpenAPI: "nothing", Example: `+k8s:validateFalse(flags: "ShortCircuit")="field T.F"`,
		Apply: func(c *Context) error { return applyFixedResult(c, false) },
	})
}

// fixedResultArgs are the arguments of +k8s:validateFalse and +k8s:validateTrue.
var fixedResultArgs = []Param{
	{Key: "flags", Arg: Arg{Kind: ArgString}, Doc: "comma-separated: ShortCircuit (a failure skips the value's other checks, or its cohort's)"},
	{Key: "cohort", Arg: Arg{Kind: ArgString}, Doc: "the group of checks a ShortCircuit failure skips"},
	{Key: "typeArg", Arg: Arg{Kind: ArgString}, Doc: "the Go type upstream instantiates its generic check with; the checks generated here are typed already, so it changes nothing"},
}

// applyFixedResult records a +k8s:validateTrue / +k8s:validateFalse check.
func applyFixedResult(c *Context, pass bool) error {
	f := model.FixedResult{Pass: pass, Message: c.Value, Origin: c.Origin()}
	if a, ok := c.Args["flags"]; ok {
		for _, fl := range strings.Split(a.Value, ",") {
			switch strings.TrimSpace(fl) {
			case "ShortCircuit":
				f.ShortCircuit = true
			default:
				return c.Errorf("unknown flag %q (known: ShortCircuit)", strings.TrimSpace(fl))
			}
		}
	}
	f.Cohort = c.Args["cohort"].Value
	c.V.FixedResults = append(c.V.FixedResults, f)
	return nil
}
