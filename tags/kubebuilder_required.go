package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Required", Scopes: ScopeField | ScopePackage,
		Doc:     "controller-gen's spelling of +required. On the package it states the default (fields without omitempty are required).",
		OpenAPI: "required", Example: "+kubebuilder:validation:Required",
		Apply: func(c *Context) error {
			if c.V == nil {
				if o := c.Pkg.Kubebuilder.FieldsOptional; o != nil {
					settlePresence(c, o) // controller-gen takes Optional
					return nil
				}
				c.Pkg.Kubebuilder.FieldsRequired = &model.Flag{Origin: c.Origin()}
				return nil
			}
			if c.V.Optional != nil {
				settled, wins := settlePresence(c, c.V.Optional)
				if !settled {
					return c.Errorf("conflicts with +%s at line %d", c.V.Optional.Tag, c.V.Optional.Pos.Line)
				}
				if !wins {
					return nil
				}
				c.V.Optional = nil
			}
			c.V.Required = &model.Flag{Origin: c.Origin()}
			return nil
		},
	}, struct{}{}, false)
}
