package tags

import "github.com/validation-gen/validation-gen/model"

// kbType is +kubebuilder:validation:Type's argument.
type kbType string

var schemaTypes = []string{"string", "integer", "number", "boolean", "object", "array"}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Type", Scopes: ScopeType | ScopeField,
		Doc: "Overrides the schema type, for Go types that marshal to another JSON shape than their own " +
			"(a struct with MarshalJSON written as a string). The schema keeps no properties or items; " +
			"generated validators check the Go value's own tags only.",
		OpenAPI: "type", Example: "+kubebuilder:validation:Type=string",
		Apply: func(c *Context) error {
			t := string(c.Marker.(kbType))
			for _, w := range schemaTypes {
				if t == w {
					c.V.Schema.Type = &model.String{Value: t, Origin: c.Origin()}
					return nil
				}
			}
			msg := "type " + quote(t) + " is not one of string, integer, number, boolean, object, array"
			if s := closest(t, schemaTypes); s != "" {
				msg += "; did you mean " + quote(s) + "?"
			}
			return c.Errorf("%s", msg)
		},
	}, kbType(""), false, markerDoc{"", "string, integer, number, boolean, object or array"})
}
