package tags

import "github.com/validation-gen/validation-gen/model"

// kbObjectRoot is +kubebuilder:object:root's argument.
type kbObjectRoot bool

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:object:root", Scopes: ScopeType, Info: true,
		Doc: "controller-gen's deepcopy mark of a kind (and of its List): the kind's CRD is written as controller-gen " +
			"writes it. Kinds are found without it, as controller-gen finds them: structs that embed TypeMeta and ObjectMeta.",
		OpenAPI: "a CRD for the kind", Example: "+kubebuilder:object:root=true",
		Apply: func(c *Context) error {
			if c.Marker.(kbObjectRoot) {
				c.Type.CRD.ObjectRoot = &model.Flag{Origin: c.Origin()}
			}
			return nil
		},
	}, kbObjectRoot(false), false, markerDoc{"", "true"})
}
