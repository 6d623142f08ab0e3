package tags

import "github.com/validation-gen/validation-gen/model"

// kbTitle is +kubebuilder:title's argument.
type kbTitle struct{ Value any }

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:title", Scopes: ScopeType | ScopeField,
		Doc:     "A title for the value's schema.",
		OpenAPI: "title", Example: `+kubebuilder:title="Backend reference"`,
		Apply: func(c *Context) error {
			v := c.Marker.(kbTitle).Value
			if v == nil {
				return nil
			}
			title, ok := v.(string)
			if !ok {
				return c.Errorf("the title must be a string, not %v", v)
			}
			c.V.Schema.Title = &model.String{Value: title, Origin: c.Origin()}
			return nil
		},
	}, kbTitle{}, true, markerDoc{"", "the title"})
}
