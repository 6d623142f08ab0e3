package tags

import (
	"go/token"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:validation-gen-scheme-registry", Scopes: ScopePackage,
		Value: Arg{Kind: ArgString, Doc: "a qualified type, import/path.Type, or nil"},
		Doc: "The scheme type RegisterValidations takes, and registration as upstream's validation-gen does it: " +
			"an init function registers RegisterValidations into the package's localSchemeBuilder, and " +
			"RegisterValidations registers each type that the package's +k8s:validation-gen selects (root kinds " +
			"without one) by a typed nil, routing the request's subresource (+k8s:supportsSubresource, " +
			"+k8s:isSubresource). nil writes no RegisterValidations. Without the tag, a package written for " +
			"Kubernetes' validation-gen that declares localSchemeBuilder registers as upstream's default, " +
			"k8s.io/apimachinery/pkg/runtime.Scheme; other packages get a RegisterValidations(*runtime.Scheme) of the root " +
			"kinds, which the caller runs.",
		OpenAPI: "unchanged", Example: "+k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme",
		Apply: func(c *Context) error {
			if c.Pkg.SchemeRegistry != nil {
				return c.Errorf("given twice (first at %s)", shortPos(c.Pkg.SchemeRegistry.Pos))
			}
			v := strings.TrimSpace(c.Value)
			if v != "nil" {
				i := strings.LastIndex(v, ".")
				if i <= 0 || strings.LastIndex(v, "/") > i || !token.IsIdentifier(v[i+1:]) || !token.IsExported(v[i+1:]) {
					return c.Errorf("%q is not a qualified exported type (import/path.Type) or nil", v)
				}
			}
			c.Pkg.SchemeRegistry = &model.String{Value: v, Origin: c.Origin()}
			return nil
		},
	})
}
