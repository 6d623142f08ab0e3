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
				// controller-gen writes it wherever it is; the API server checks formats on
				// strings only, so it checks nothing here.
				hint := ""
				if c.Kind == model.KindList {
					hint = "; for the items, write +kubebuilder:validation:items:Format=" + f.Name
				}
				c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "applies to string values, not to %s (Go type %s): controller-gen publishes it "+
					"there, where the API server checks nothing, and so does this generator%s", c.Kind, typeString(c.GoType), hint)
				c.V.Schema.InertFormat = &model.Format{Name: f.Name, Origin: c.Origin()}
				return nil
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
