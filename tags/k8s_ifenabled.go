package tags

import "github.com/validation-gen/validation-gen/model"

func init() { Register(optionDef("k8s:ifEnabled", true)) }

// optionDef defines +k8s:ifEnabled or +k8s:ifDisabled: the chained tag applies to the same value,
// and its check runs only when the operation has the option enabled (disabled), as upstream's
// validate.IfOption decides; an option the operation does not define is an internal error.
func optionDef(name string, enabled bool) *Def {
	when := "enabled"
	if !enabled {
		when = "disabled"
	}
	return &Def{
		Name: name, Scopes: ScopeType | ScopeField, Typed: true, Repeatable: true,
		Value: Arg{Kind: ArgTag, Doc: "the tag to apply when the option is " + when},
		Args:  []Param{{Key: "", Arg: Arg{Kind: ArgString}, Doc: "the option's name (positional), e.g. a feature gate"}},
		Doc: "Applies another tag only when the validation option (positional argument, e.g. a feature gate) is " + when +
			" in the operation (operation.Operation's options, read by apimachinery's validate.IfOption); an option " +
			"the operation does not define is an internal error at the value. The schema does not publish it.",
		OpenAPI: "nothing: the schema cannot depend on an option", Example: "+" + name + "(MyFeature)=+k8s:minimum=1",
		Apply: func(c *Context) error {
			a, ok := c.Args[""]
			if !ok || a.Value == "" {
				return c.Errorf("requires the option's name as its argument: +%s(Name)=...", name)
			}
			p := c.place
			p.Options = append(append([]model.OptionGate(nil), p.Options...), model.OptionGate{Name: a.Value, Enabled: enabled})
			Apply([]Raw{c.Payload()}, p, c.Diags)
			return nil
		},
	}
}

// gateable lists the tags whose checks generated validators can gate on an option: the value checks
// and what carries them to other values, and list types (their uniqueness check is gated, as
// upstream gates it; items are correlated as the list type says either way). Requiredness and
// the like change what the value is, and are not gated yet.
var gateable = map[string]bool{}

func init() {
	for _, n := range []string{"minimum", "maximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems",
		"minProperties", "maxProperties", "pattern", "format", "immutable", "k8s:maxBytes", "k8s:neq", "k8s:update",
		"k8s:eachVal", "k8s:eachKey", "k8s:subfield", "k8s:alpha", "k8s:beta", "k8s:ifEnabled", "k8s:ifDisabled",
		"k8s:validateFalse", "k8s:validateTrue", "k8s:customValidation", "k8s:validateTrueAlpha", "k8s:validateTrueBeta",
		"k8s:monotonic", "listType", "listMapKey"} {
		gateable[n] = true
	}
}
