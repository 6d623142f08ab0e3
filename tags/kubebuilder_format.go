package tags

import (
	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// kbFormat is +kubebuilder:validation:Format's argument.
type kbFormat string

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Format", Scopes: ScopeType | ScopeField,
		Doc:     "controller-gen's spelling of +format; the format must be one of the formats table.",
		OpenAPI: "format", Example: "+kubebuilder:validation:Format=date-time",
		Apply: func(c *Context) error {
			name := string(c.Marker.(kbFormat))
			f, ok := formats.Lookup(name)
			if !ok {
				msg := "unknown format " + quote(name)
				if s := closest(name, formats.Names()); s != "" {
					msg += "; did you mean " + quote(s) + "?"
				}
				return c.Errorf("%s", msg)
			}
			switch c.Kind {
			case model.KindString, model.KindInteger, model.KindNumber:
			default:
				return c.Errorf("applies to string, integer or number values, not to %s (Go type %s)", c.Kind, typeString(c.GoType))
			}
			if !goScalar(c.GoType) {
				// metav1.Time: the type's own schema says its format; the marker may repeat it.
				c.V.Schema.TypeFormat = &model.Format{Name: f.Name, Origin: c.Origin()}
				return nil
			}
			c.V.Format = &model.Format{Name: f.Name, Origin: c.Origin()}
			return nil
		},
	}, kbFormat(""), false, markerDoc{"", "a format name"})
}
