package tags

import "github.com/validation-gen/validation-gen/model"

// kbDeprecatedVersion is +kubebuilder:deprecatedversion's arguments.
type kbDeprecatedVersion struct {
	Warning *string `marker:",optional"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:deprecatedversion", Scopes: ScopeType,
		Doc:     "This version of the kind is deprecated; clients get a warning.",
		OpenAPI: "CRD versions[].deprecated, deprecationWarning",
		Example: `+kubebuilder:deprecatedversion:warning="v1alpha2 is deprecated, use v1"`,
		Apply: func(c *Context) error {
			c.Type.CRD.Deprecated = &model.CRDDeprecation{Warning: c.Marker.(kbDeprecatedVersion).Warning, Origin: c.Origin()}
			return nil
		},
	}, kbDeprecatedVersion{}, false, markerDoc{"warning", "the warning (default: the API server's)"})
}
