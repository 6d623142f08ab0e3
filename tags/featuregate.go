package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

func init() {
	Register(&Def{
		Name: "featureGate", Scopes: ScopeField | ScopeType | ScopeConst, Info: true, Repeatable: true,
		Value: Arg{Kind: ArgJSON, Doc: "feature gate names, comma-separated, as written"},
		Doc: "Kubernetes' documentation tag (k8s.io/api): the field exists only while the named feature gates are enabled " +
			"(kube-apiserver drops its value otherwise). Nothing is validated; validation-gen diff, lint and --docs-api read it as " +
			"the field's lifecycle (a field added or removed behind a gate is gated). On a type or a constant it is documentation only.",
		OpenAPI: "nothing", Example: "+featureGate=InPlacePodVerticalScaling",
		Apply: func(c *Context) error {
			if c.Scope() != ScopeField {
				return nil // documentation of a type or an enum value: read by no one here
			}
			for _, g := range strings.Split(c.Value, ",") {
				if g = strings.TrimSpace(g); g != "" {
					c.V.FeatureGates = append(c.V.FeatureGates, model.String{Value: g, Origin: c.Origin()})
				}
			}
			return nil
		},
	})
}
