package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:isSubresource", Scopes: ScopeType, Repeatable: false,
		Value: Arg{Kind: ArgString, Doc: "a subresource path starting with /"},
		Doc: "The type is the payload of this subresource (\"/scale\"): RegisterValidations validates it for that " +
			"subresource (and any +k8s:supportsSubresource) instead of the root.",
		OpenAPI: "unchanged", Example: `+k8s:isSubresource="/scale"`,
		Apply: func(c *Context) error {
			if !strings.HasPrefix(c.Value, "/") || c.Value == "/" {
				return c.Errorf("%q is not a subresource path: write the request's subresource path, /status or /x/y", c.Value)
			}
			if c.Type.IsSubresource != nil {
				return c.Errorf("given twice (first at %s); a type is the payload of one subresource", shortPos(c.Type.IsSubresource.Pos))
			}
			c.Type.IsSubresource = &model.String{Value: c.Value, Origin: c.Origin()}
			return nil
		},
	})
}
