package tags

import (
	"fmt"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "k8s:validation-gen", Scopes: ScopePackage, Repeatable: true,
		Value: Arg{Kind: ArgString, Optional: true, Doc: "which types get validators in Kubernetes' validation-gen " +
			"(`*`, `TypesWithField=TypeMeta`, ...); validation-gen generates for every type that carries validation"},
		Doc: "The package is written for Kubernetes' own validation-gen: its Go validators follow upstream's semantics. " +
			"They read the +k8s: tags only (openapi-gen's +required, +optional, +enum, +listType, +listMapKey shape the " +
			"schema alone), only +k8s:required makes a field required (omitempty plays no part), a field that is neither " +
			"+k8s:required nor +k8s:optional is checked whatever its value, and Required errors carry no origin.",
		OpenAPI: "unchanged: required keeps openapi-gen's rule", Example: "+k8s:validation-gen=TypesWithField=TypeMeta",
		Apply: func(c *Context) error {
			if c.Pkg.ValidationGen == nil { // repeated to select more types upstream (resource/v1): one opt-in
				c.Pkg.ValidationGen = &model.String{Value: c.Value, Origin: c.Origin()}
			}
			if c.Value != "" && c.Value != "false" { // false: upstream generates nothing (extensions/v1beta1)
				if err := checkTypeFilter(c.Value); err != nil {
					return c.Errorf("%v", err)
				}
				c.Pkg.TypeFilters = append(c.Pkg.TypeFilters, model.String{Value: c.Value, Origin: c.Origin()})
			}
			return nil
		},
	})
}

// checkTypeFilter checks a type selection of upstream's validation-gen: "*", "TypesWithField=F" or
// "TypesWithSuffix=S" (RegisterValidations registers the selected types, see
// +k8s:validation-gen-scheme-registry).
func checkTypeFilter(v string) error {
	if v == "*" {
		return nil
	}
	for _, prefix := range []string{"TypesWithField=", "TypesWithSuffix="} {
		if rest, ok := strings.CutPrefix(v, prefix); ok {
			if rest == "" {
				return fmt.Errorf("%s needs a value", prefix)
			}
			return nil
		}
	}
	return fmt.Errorf("unknown type selection %q: use *, TypesWithField=<field> or TypesWithSuffix=<suffix>", v)
}
