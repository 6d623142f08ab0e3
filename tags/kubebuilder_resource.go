package tags

import "github.com/validation-gen/validation-gen/model"

// kbResource is +kubebuilder:resource's arguments.
type kbResource struct {
	Path       string   `marker:",optional"`
	ShortName  []string `marker:",optional"`
	Categories []string `marker:",optional"`
	Singular   string   `marker:",optional"`
	Scope      string   `marker:",optional"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:resource", Scopes: ScopeType,
		Doc:     "The resource's names and scope in the CRD.",
		OpenAPI: "CRD spec.names, spec.scope", Example: "+kubebuilder:resource:categories=gateway-api,shortName=gtw,scope=Cluster",
		Apply: func(c *Context) error {
			x := c.Marker.(kbResource)
			switch x.Scope {
			case "", "Namespaced", "Cluster":
			default:
				return c.Errorf("scope %q is not Namespaced or Cluster", x.Scope)
			}
			c.Type.CRD.Resource = &model.CRDResource{Path: x.Path, Singular: x.Singular, ShortNames: x.ShortName,
				Categories: x.Categories, Scope: x.Scope, Origin: c.Origin()}
			return nil
		},
	}, kbResource{}, false,
		markerDoc{"path", "the plural name (default: the lower-cased plural of the kind)"},
		markerDoc{"shortName", "short names, e.g. gtw;gw"},
		markerDoc{"categories", "categories, e.g. all;gateway-api"},
		markerDoc{"singular", "the singular name (default: the lower-cased kind)"},
		markerDoc{"scope", "Namespaced (default) or Cluster"})
}
