package tags

import "github.com/validation-gen/validation-gen/model"

// kbEnum is +kubebuilder:validation:Enum's argument.
type kbEnum []any

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Enum", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean},
		Doc:     "The value must be one of the listed values. Unlike +enum, the values are written in the marker, not read from constants; along an alias chain every list applies.",
		OpenAPI: "enum", Example: "+kubebuilder:validation:Enum=HTTP;HTTPS;TCP",
		Apply: func(c *Context) error {
			vals := c.Marker.(kbEnum)
			if len(vals) == 0 {
				return c.Errorf("lists no values")
			}
			l := model.EnumList{Origin: c.Origin()}
			for _, v := range vals {
				l.Values = append(l.Values, anyValue(v))
			}
			c.V.Schema.Enums = append(c.V.Schema.Enums, l)
			return nil
		},
	}, kbEnum(nil), false, markerDoc{"", "the allowed values"})
}
