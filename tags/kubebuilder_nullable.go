package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "nullable", Aliases: []string{}, Scopes: ScopeField,
		Doc:     "null is an accepted value (Go: a nil pointer, slice or map written as null).",
		OpenAPI: "nullable", Example: "+nullable",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.V.Schema.Nullable = f }),
	}, struct{}{}, false)
}
