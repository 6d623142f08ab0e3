package tags

import (
	"regexp"

	"github.com/validation-gen/validation-gen/model"
)

// kbPattern is +kubebuilder:validation:Pattern's argument.
type kbPattern string

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Pattern", Scopes: ScopeType | ScopeField,
		Kinds:   []model.Kind{model.KindString},
		Doc:     "controller-gen's spelling of +pattern: the string must match the regular expression (Go RE2 syntax, unanchored).",
		OpenAPI: "pattern", Example: "+kubebuilder:validation:Pattern=`^[a-z]+$`",
		Apply: func(c *Context) error {
			p := string(c.Marker.(kbPattern))
			if _, err := regexp.Compile(p); err != nil {
				return c.Errorf("invalid regular expression: %v", err)
			}
			c.V.Pattern = &model.String{Value: p, Origin: c.Origin()}
			return nil
		},
	}, kbPattern(""), false, markerDoc{"", "a regular expression; back-quote it when it contains commas or quotes"})
}
