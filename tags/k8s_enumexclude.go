package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:enumExclude", Scopes: ScopeConst, Typed: true,
		Value: Arg{Kind: ArgNone},
		Doc: "On a constant of a +k8s:enum type: the constant is not a value of the enum. Under " +
			"+k8s:ifEnabled(Option)= (+k8s:ifDisabled(Option)=) the value is not supported while the option is " +
			"enabled (disabled) in the operation, as apimachinery's validate.Enum decides with its EnumExclusion " +
			"rules; with several, while any of them holds. An option the operation does not define is an internal error.",
		OpenAPI: "the value is left out of enum (and of the description); a value excluded under an option stays " +
			"in it, since a schema cannot depend on an option",
		Example: "+k8s:enumExclude",
		Apply: func(c *Context) error {
			if c.Const == nil {
				return c.Errorf("applies to constants only")
			}
			switch len(c.place.Options) {
			case 0:
				if c.place.Level != "" {
					return c.Errorf("cannot be at a stability level")
				}
				c.Const.Excluded = &model.Flag{Origin: c.Origin()}
			case 1:
				if c.place.Level != "" {
					return c.Errorf("cannot be at a stability level")
				}
				c.Const.Exclusions = append(c.Const.Exclusions, c.place.Options[0])
			default:
				// Upstream's +k8s:enum reads only +k8s:ifEnabled(Option)=+k8s:enumExclude written
				// directly, and would ignore this one.
				return c.Errorf("takes one +k8s:ifEnabled or +k8s:ifDisabled option, not %d nested ones; "+
					"write one tag per option (the value is excluded when any of them holds)", len(c.place.Options))
			}
			return nil
		},
	})
}
