package tags

import (
	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/model"
)

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
		Name: name, Scopes: ScopeType | ScopeField | ScopeConst, Typed: true, Repeatable: true,
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

// gateable lists the tags whose checks generated validators can gate on an option: the value checks,
// what carries them to other values, the checks of the struct or list holding the value, list
// types and requiredness.
var gateable = map[string]bool{}

func init() {
	for _, n := range []string{"minimum", "maximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems",
		"minProperties", "maxProperties", "pattern", "format", "immutable", "k8s:maxBytes", "k8s:neq", "k8s:update",
		"k8s:eachVal", "k8s:eachKey", "k8s:subfield", "k8s:alpha", "k8s:beta", "k8s:ifEnabled", "k8s:ifDisabled",
		"k8s:validateFalse", "k8s:validateTrue", "k8s:customValidation", "k8s:validateTrueAlpha", "k8s:validateTrueBeta",
		// Checks of the struct or list holding the value, gated as a whole by the options of the
		// first tag that declares them (as upstream's generated code gates them).
		"k8s:modeDiscriminator", "k8s:ifMode", "k8s:unionMember", "k8s:unionDiscriminator", "k8s:zeroOrOneOfMember", "k8s:item",
		// The uniqueness of a list's items (list correlation on update is not gated, as upstream's).
		"k8s:monotonic", "listType", "listMapKey",
		// Requiredness: a short-circuiting check gated on the options (see gatedPresence).
		"required", "optional", "k8s:forbidden",
		// Enum values excluded while an option is enabled (disabled), checked by validate.Enum.
		"k8s:enumExclude"} {
		gateable[n] = true
	}
}

// gatedPresence records +k8s:required, +k8s:optional or +k8s:forbidden (kind) written under
// +k8s:ifEnabled / +k8s:ifDisabled as upstream's validation-gen reads it: a short-circuiting check of
// its own, gated on the options, beside the field's other requiredness tags (no conflict with
// them: +k8s:optional with +k8s:ifDisabled(Gate)=+k8s:forbidden is how Kubernetes forbids a
// field while its feature is disabled). It reports whether the tag was gated.
func gatedPresence(c *Context, kind string) bool {
	if len(c.place.Options) == 0 {
		return false
	}
	if c.place.Chained && elsewhere(c.place.ChainedBy) {
		// Only a field's own requiredness is gated (as before, ignored with a warning elsewhere).
		klog.Warningf("%s:%d:%d: +%s: not enforced yet under +k8s:ifEnabled / +k8s:ifDisabled through +%s; ignored",
			c.Raw.Pos.Filename, c.Raw.Pos.Line, c.Raw.Pos.Column, c.Def.Name, c.place.ChainedBy)
		return true
	}
	c.V.GatedPresence = append(c.V.GatedPresence, model.Presence{Kind: kind, Origin: c.Origin()})
	return true
}
