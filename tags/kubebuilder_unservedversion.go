package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:unservedversion", Scopes: ScopeType,
		Doc:     "This version of the kind is in the CRD but not served.",
		OpenAPI: "CRD versions[].served: false", Example: "+kubebuilder:unservedversion",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.Type.CRD.Unserved = f }),
	}, struct{}{}, false)
}
