package tags

import (
	"regexp"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "pattern", Scopes: ScopeType | ScopeField, Kinds: stringKinds,
		Value:   Arg{Kind: ArgString},
		Doc:     "The string must match the regular expression (RE2 syntax, as Go's regexp and the API server use). Quote it as a Go string.",
		OpenAPI: "pattern", Example: "+pattern=`^[a-z]+$`",
		Apply: func(c *Context) error {
			if err := checkTypographic(c, c.Value, c.ValueOff); err != nil {
				return err
			}
			if _, err := regexp.Compile(c.Value); err != nil {
				return c.ErrorAt(c.ValueOff, "invalid regular expression: %v", err)
			}
			c.V.Pattern = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
