package tags

import "github.com/validation-gen/validation-gen/model"

// kbObjectRoot is +kubebuilder:object:root's argument.
type kbObjectRoot bool

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:object:root", Scopes: ScopeType, Info: true,
		Doc: "controller-gen's mark of a kind (and of its List). In a package where a type has it, only the " +
			"types that have it are root kinds (else: every struct with TypeMeta and ObjectMeta).",
		OpenAPI: "a CRD for the kind", Example: "+kubebuilder:object:root=true",
		Apply: func(c *Context) error {
			if c.Marker.(kbObjectRoot) {
				c.Type.CRD.ObjectRoot = &model.Flag{Origin: c.Origin()}
			}
			return nil
		},
	}, kbObjectRoot(false), false, markerDoc{"", "true"})
}
