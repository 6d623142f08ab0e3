package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:storageversion", Scopes: ScopeType,
		Doc:     "controller-gen's spelling of +storageversion: this version of the kind is the one stored.",
		OpenAPI: "CRD versions[].storage", Example: "+kubebuilder:storageversion",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.Type.StorageVersion = f }),
	}, struct{}{}, false)
}
