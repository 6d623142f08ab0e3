package tags

import (
	"slices"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

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
			r := &model.CRDResource{Path: x.Path, Singular: x.Singular, ShortNames: x.ShortName,
				Categories: x.Categories, Scope: x.Scope, Origin: c.Origin()}
			if prev := c.Type.CRD.Resource; prev != nil {
				resourceInTurn(c, prev, r)
			}
			c.Type.CRD.Resource = r
			return nil
		},
		InTurn: true,
	}, kbResource{}, false,
		markerDoc{"path", "the plural name (default: the lower-cased plural of the kind)"},
		markerDoc{"shortName", "short names, e.g. gtw;gw"},
		markerDoc{"categories", "categories, e.g. all;gateway-api"},
		markerDoc{"singular", "the singular name (default: the lower-cased kind)"},
		markerDoc{"scope", "Namespaced (default) or Cluster"})
}

// resourceInTurn combines a repeated +kubebuilder:resource (r) with what the earlier ones on the
// declaration set (prev), as controller-gen applies each in turn: a path or a singular name
// replaces the earlier one only when given, while the short names, the categories and the scope
// are the last marker's, given or not. A split written path first and scope after (Gatekeeper's
// kinds) says what it means; a later marker that undoes what an earlier one said is a warning.
func resourceInTurn(c *Context, prev, r *model.CRDResource) {
	if r.Path == "" {
		r.Path = prev.Path
	}
	if r.Singular == "" {
		r.Singular = prev.Singular
	}
	var undone []string
	if len(prev.ShortNames) > 0 && !slices.Equal(prev.ShortNames, r.ShortNames) {
		undone = append(undone, "shortName="+strings.Join(prev.ShortNames, ";"))
	}
	if len(prev.Categories) > 0 && !slices.Equal(prev.Categories, r.Categories) {
		undone = append(undone, "categories="+strings.Join(prev.Categories, ";"))
	}
	if prev.Scope == "Cluster" && r.Scope != "Cluster" {
		undone = append(undone, "scope=Cluster")
	}
	if len(undone) > 0 {
		c.Diags.Warn(c.Raw.Pos, c.Raw.Name, "repeated (first at line %d), and controller-gen applies each in turn: the short names, "+
			"categories and scope are the last one's, so this one undoes %s; applied as controller-gen does (write them all on one "+
			"+kubebuilder:resource)", prev.Pos.Line, strings.Join(undone, ", "))
	}
}
