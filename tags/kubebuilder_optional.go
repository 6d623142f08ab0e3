package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Optional", Scopes: ScopeField,
		Doc:     "controller-gen's spelling of +optional.",
		OpenAPI: "(not in required)", Example: "+kubebuilder:validation:Optional",
		Apply: func(c *Context) error {
			if c.V.Required != nil {
				return c.Errorf("conflicts with +%s at line %d", c.V.Required.Tag, c.V.Required.Pos.Line)
			}
			c.V.Optional = &model.Flag{Origin: c.Origin()}
			return nil
		},
	}, struct{}{}, false)
}
