package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:XPreserveUnknownFields", Aliases: []string{"kubebuilder:pruning:PreserveUnknownFields"}, Scopes: ScopeType | ScopeField,
		Doc:     "Fields not in the schema are kept, not pruned.",
		OpenAPI: "x-kubernetes-preserve-unknown-fields", Example: "+kubebuilder:validation:XPreserveUnknownFields",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.V.Schema.PreserveUnknownFields = f }),
	}, struct{}{}, false)
}
