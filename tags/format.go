package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "format", Aliases: []string{"k8s:format"}, Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindString, model.KindInteger, model.KindNumber},
		Value:   Arg{Kind: ArgString},
		Doc:     "The value must have the named format (see the formats table). Formats the target API server does not know are published as an equivalent pattern or CEL rule.",
		OpenAPI: "format, or its fallback pattern / x-kubernetes-validations", Example: "+format=k8s-short-name",
		Apply: func(c *Context) error {
			f, ok := formats.Lookup(c.Value)
			if !ok {
				msg := "unknown format " + quote(c.Value)
				if s := closest(c.Value, formats.Names()); s != "" {
					msg += "; did you mean " + quote(s) + "?"
				} else {
					msg += " (known: " + strings.Join(formats.Names(), ", ") + ")"
				}
				return c.ErrorAt(c.ValueOff, "%s", msg)
			}
			want := model.KindString
			switch f.Type {
			case "integer":
				want = model.KindInteger
			case "number":
				want = model.KindNumber
			}
			if c.Kind != want {
				return c.ErrorAt(c.ValueOff, "format %s applies to %s values, not to %s (Go type %s)", f.Name, want, c.Kind, typeString(c.GoType))
			}
			c.V.Format = &model.Format{Name: f.Name, Origin: c.Origin()}
			return nil
		},
	})
}

func quote(s string) string { return "\"" + s + "\"" }
