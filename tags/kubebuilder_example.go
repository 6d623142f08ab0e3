package tags

import "github.com/validation-gen/validation-gen/model"

// kbExample is +kubebuilder:example's argument.
type kbExample struct{ Value any }

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:example", Scopes: ScopeField,
		Doc:     "An example value for the field's schema, in marker syntax (like +kubebuilder:default); documentation only.",
		OpenAPI: "example", Example: `+kubebuilder:example={type: "PathPrefix", value: "/api"}`,
		Apply: func(c *Context) error {
			c.V.Schema.Example = &model.Default{Value: anyValue(c.Marker.(kbExample).Value), Origin: c.Origin()}
			return nil
		},
	}, kbExample{}, true, markerDoc{"", "the example value"})
}
