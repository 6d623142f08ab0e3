package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:XEmbeddedResource", Aliases: []string{"kubebuilder:validation:EmbeddedResource"}, Scopes: ScopeType | ScopeField,
		Doc:     "The value is a Kubernetes object with apiVersion, kind and metadata (runtime.RawExtension and friends).",
		OpenAPI: "x-kubernetes-embedded-resource", Example: "+kubebuilder:validation:XEmbeddedResource",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.V.Schema.EmbeddedResource = f }),
	}, struct{}{}, false)
}
