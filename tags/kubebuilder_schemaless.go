package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:Schemaless", Aliases: []string{}, Scopes: ScopeField,
		Doc:     "The field is published without a schema (combine with XPreserveUnknownFields or XEmbeddedResource).",
		OpenAPI: "(an empty schema)", Example: "+kubebuilder:validation:Schemaless",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.V.Schema.Schemaless = f }),
	}, struct{}{}, false)
}
