package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Optional", Scopes: ScopeField | ScopePackage,
		Doc:     "controller-gen's spelling of +optional. On the package: every field is optional unless marked required.",
		OpenAPI: "(not in required)", Example: "+kubebuilder:validation:Optional",
		Apply: func(c *Context) error {
			if c.V == nil {
				if r := c.Pkg.Kubebuilder.FieldsRequired; r != nil {
					settlePresence(c, r) // controller-gen takes Optional
					c.Pkg.Kubebuilder.FieldsRequired = nil
				}
				c.Pkg.Kubebuilder.FieldsOptional = &model.Flag{Origin: c.Origin()}
				return nil
			}
			if c.V.Required != nil {
				settled, wins := settlePresence(c, c.V.Required)
				if !settled {
					return c.Errorf("conflicts with +%s at line %d", c.V.Required.Tag, c.V.Required.Pos.Line)
				}
				if !wins {
					return nil
				}
				c.V.Required = nil
			}
			c.V.Optional = &model.Flag{Origin: c.Origin()}
			return nil
		},
	}, struct{}{}, false)
}
