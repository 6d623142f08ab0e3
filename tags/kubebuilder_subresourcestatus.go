package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:subresource:status", Scopes: ScopeType,
		Doc:     "The kind has a status subresource.",
		OpenAPI: "CRD versions[].subresources.status", Example: "+kubebuilder:subresource:status",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.Type.CRD.Status = f }),
	}, struct{}{}, false)
}
