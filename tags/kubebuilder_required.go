package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Required", Scopes: ScopeField,
		Doc:     "controller-gen's spelling of +required.",
		OpenAPI: "required", Example: "+kubebuilder:validation:Required",
		Apply: func(c *Context) error {
			if c.V.Optional != nil {
				return c.Errorf("conflicts with +%s at line %d", c.V.Optional.Tag, c.V.Optional.Pos.Line)
			}
			c.V.Required = &model.Flag{Origin: c.Origin()}
			return nil
		},
	}, struct{}{}, false)
}
