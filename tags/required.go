package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "required", Aliases: []string{"k8s:required"}, ControllerGen: true, Scopes: ScopeField,
		Value: Arg{Kind: ArgNone},
		Doc: "The field must be set. A non-pointer field at its zero value counts as missing. Without +optional or +required, a field is required unless its json tag has omitempty. " +
			"In a +k8s:validation-gen package, +k8s:required is refused on a non-pointer struct (always set), as upstream refuses it.",
		OpenAPI: "required", Example: "+required",
		Apply: func(c *Context) error {
			if err := upstreamPresence(c); err != nil {
				return err
			}
			if gatedPresence(c, "required") {
				return nil
			}
			if o := c.V.Optional; o != nil {
				if settled, wins := settlePresence(c, o); settled {
					if wins {
						c.V.Optional, c.V.Required = nil, &model.Flag{Origin: c.Origin()}
					}
					return nil
				}
				return c.Errorf("conflicts with +%s at line %d", o.Written(), o.Pos.Line)
			}
			if c.V.Required != nil {
				stableWins(&c.V.Required.Origin, c.Origin()) // +required and +k8s:beta=+k8s:required
				return nil
			}
			c.V.Required = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
