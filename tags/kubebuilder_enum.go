package tags

import (
	"fmt"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

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
			var wrong []string
			for _, v := range vals {
				x := anyValue(v)
				if !enumValueFits(x, c.Kind) {
					wrong = append(wrong, fmt.Sprintf("%#v", x))
				}
				l.Values = append(l.Values, x)
			}
			if len(wrong) > 0 {
				// controller-gen publishes them, and the API server accepts the CRD; no value of
				// the field can ever equal them.
				hint := "Enum=1;2, not Enum=low;high"
				if c.Kind == model.KindString {
					hint = `Enum="1";"2", quoted, where Enum=1;2 lists numbers`
				}
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "values %s are not of this value's type (%s), so no value equals them; "+
					"write them in its JSON type (%s)", strings.Join(wrong, ", "), c.Kind, hint)
			}
			c.V.Schema.Enums = append(c.V.Schema.Enums, l)
			return nil
		},
	}, kbEnum(nil), false, markerDoc{"", "the allowed values"})
}

// enumValueFits reports whether an enum value is of the kind of the value it lists.
func enumValueFits(v any, k model.Kind) bool {
	switch v.(type) {
	case string:
		return k == model.KindString
	case int64:
		return k == model.KindInteger || k == model.KindNumber
	case float64:
		return k == model.KindNumber
	case bool:
		return k == model.KindBoolean
	}
	return false
}
