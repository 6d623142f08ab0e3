package tags

import (
	"go/token"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:validation-gen-input", Scopes: ScopePackage,
		Value: Arg{Kind: ArgString, Doc: "the import path of the package that declares the types"},
		Doc: "Generates the validators of another package's types into this package (an output package, as " +
			"Kubernetes' pkg/apis/apps/v1 is for k8s.io/api/apps/v1): Validate_T(ctx, op, fldPath, obj, oldObj *input.T) " +
			"and RegisterValidations are written here, and nothing is ever written into the input package, which " +
			"stays free of runtime imports.",
		OpenAPI: "unchanged", Example: "+k8s:validation-gen-input=k8s.io/api/apps/v1",
		Apply: func(c *Context) error {
			if c.Pkg.ValidationGenInput != nil {
				return c.Errorf("given twice (first at %s); a package is the output of one input package", shortPos(c.Pkg.ValidationGenInput.Pos))
			}
			v := strings.TrimSpace(c.Value)
			switch {
			case v == "":
				return c.Errorf("needs the import path of the input package")
			case strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || v == "." || v == "..":
				return c.Errorf("relative path %q: use the full import path of the input package", v)
			case v == c.Pkg.Path:
				return nil // the package itself (k8s.io/api/resource/v1 says so): the default
			}
			c.Pkg.ValidationGenInput = &model.String{Value: v, Origin: c.Origin()}
			return nil
		},
	})
}

// shortPos is a position as file:line, for messages that point at another tag.
func shortPos(p token.Position) string {
	if i := strings.LastIndexAny(p.Filename, `/\`); i >= 0 {
		p.Filename = p.Filename[i+1:]
	}
	p.Column = 0
	return p.String()
}
