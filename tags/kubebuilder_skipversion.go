package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:skipversion", Scopes: ScopeType,
		Doc:     "This version of the kind is left out of the CRD.",
		OpenAPI: "(no CRD version)", Example: "+kubebuilder:skipversion",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.Type.CRD.Skip = f }),
	}, struct{}{}, false)
}
