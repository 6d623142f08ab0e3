package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:XIntOrString", Aliases: []string{}, Scopes: ScopeType | ScopeField,
		Doc:     "The value is an integer or a string (a Go type with its own JSON encoding).",
		OpenAPI: "x-kubernetes-int-or-string", Example: "+kubebuilder:validation:XIntOrString",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.V.Schema.IntOrString = f }),
	}, struct{}{}, false)
}
