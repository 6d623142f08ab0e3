package tags

import "github.com/validation-gen/validation-gen/model"

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:skip", Scopes: ScopePackage,
		Doc:     "No CRDs for the package's kinds (their OpenAPI and Go validators are still generated).",
		OpenAPI: "(no CRDs)", Example: "+kubebuilder:skip",
		Apply: markerFlag(func(c *Context, f *model.Flag) { c.Pkg.Kubebuilder.SkipCRDs = f }),
	}, struct{}{}, false)
}
