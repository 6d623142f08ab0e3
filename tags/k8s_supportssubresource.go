package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:supportsSubresource", Scopes: ScopeType, Repeatable: true,
		Value: Arg{Kind: ArgString, Doc: "a subresource path starting with /"},
		Doc: "A subresource (\"/status\") that RegisterValidations validates the type for besides the root; any other " +
			"subresource is an internal error, as upstream's. Without +k8s:validation-gen-scheme-registry only the root " +
			"kinds are registered, and one without subresource tags validates every request.",
		OpenAPI: "unchanged", Example: `+k8s:supportsSubresource="/status"`,
		Apply: func(c *Context) error {
			if !strings.HasPrefix(c.Value, "/") || c.Value == "/" {
				return c.Errorf("%q is not a subresource path: write the request's subresource path, /status or /x/y", c.Value)
			}
			for _, s := range c.Type.Subresources {
				if s.Value == c.Value {
					return c.Errorf("subresource %q given twice", c.Value)
				}
			}
			c.Type.Subresources = append(c.Type.Subresources, model.String{Value: c.Value, Origin: c.Origin()})
			return nil
		},
	})
}
