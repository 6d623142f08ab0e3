package tags

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"

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
				// Point at the offending part of the expression when it can be found.
				var se *syntax.Error
				if errors.As(err, &se) {
					off := c.ValueOff
					if i := strings.Index(c.Value, se.Expr); i >= 0 && se.Expr != "" {
						off = rawOffset(c, c.Value, c.ValueOff, i)
					}
					return c.ErrorAt(off, "invalid regular expression: %s: `%s` (RE2 syntax, as Go's regexp and the API server use)", se.Code, se.Expr)
				}
				return c.ErrorAt(c.ValueOff, "invalid regular expression: %v", err)
			}
			c.V.Pattern = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
