package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:enumExclude", Scopes: ScopeConst, Repeatable: true,
		Doc: "On a constant of a +k8s:enum type: its value is not one of the enum's values. Under +k8s:ifEnabled / " +
			"+k8s:ifDisabled the value is excluded only when the operation's option is enabled (disabled), as " +
			"apimachinery's validate.Enum decides, and the schema keeps listing it.",
		OpenAPI: "enum (the value is left out, unless the exclusion is gated on an option)",
		Example: "+k8s:ifEnabled(MyFeature)=+k8s:enumExclude",
		Apply: func(c *Context) error {
			if len(c.place.Options) > 1 {
				return c.Errorf("an exclusion gated on more than one option is not supported (apimachinery's validate.EnumExclusion has one option)")
			}
			c.V.EnumExclude = append(c.V.EnumExclude, model.Flag{Origin: c.Origin()})
			return nil
		},
	})
}
