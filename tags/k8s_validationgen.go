package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	Register(&Def{
		Name: "k8s:validation-gen", Scopes: ScopePackage, Repeatable: true,
		Value: Arg{Kind: ArgString, Optional: true, Doc: "which types get validators in Kubernetes' validation-gen " +
			"(`*`, `TypesWithField=TypeMeta`, ...); validation-gen generates for every type that carries validation"},
		Doc: "The package is written for Kubernetes' own validation-gen: its Go validators follow upstream's semantics. " +
			"Only +required / +k8s:required makes a field required (omitempty plays no part), a field that is neither " +
			"+required nor +optional is checked whatever its value, and Required errors carry no origin.",
		OpenAPI: "unchanged: required keeps openapi-gen's rule", Example: "+k8s:validation-gen=TypesWithField=TypeMeta",
		Apply: func(c *Context) error {
			if c.Pkg.ValidationGen == nil { // repeated to select more types upstream (resource/v1): one opt-in
				c.Pkg.ValidationGen = &model.String{Value: c.Value, Origin: c.Origin()}
			}
			return nil
		},
	})
}
