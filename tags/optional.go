package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "optional", Aliases: []string{"k8s:optional"}, ControllerGen: true, Scopes: ScopeField,
		Value: Arg{Kind: ArgNone},
		Doc: "The field may be omitted. A non-pointer field at its zero value counts as omitted. " +
			"In a +k8s:validation-gen package, +k8s:optional is refused on a non-pointer struct (always set), as upstream refuses it.",
		OpenAPI: "not in required", Example: "+optional",
		Apply: func(c *Context) error {
			if err := upstreamPresence(c); err != nil {
				return err
			}
			if gatedPresence(c, "optional") {
				return nil
			}
			if o := c.V.Required; o != nil {
				if settled, wins := settlePresence(c, o); settled {
					if wins {
						c.V.Required, c.V.Optional = nil, &model.Flag{Origin: c.Origin()}
					}
					return nil
				}
				return c.Errorf("conflicts with +%s at line %d", o.Written(), o.Pos.Line)
			}
			if c.V.Optional != nil {
				stableWins(&c.V.Optional.Origin, c.Origin()) // +required and +k8s:beta=+k8s:required
				return nil
			}
			c.V.Optional = &model.Flag{Origin: c.Origin()}
			return nil
		},
	})
}
