package tags

import "github.com/validation-gen/validation-gen/model"

// kbUniqueItems is +kubebuilder:validation:UniqueItems's argument.
type kbUniqueItems bool

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:validation:UniqueItems", Scopes: ScopeType | ScopeField,
		Kinds: []model.Kind{model.KindList},
		Doc: "controller-gen's uniqueItems. The API server rejects uniqueItems: true in CRD schemas (its check is " +
			"quadratic), so only false is accepted; use +listType=set for unique items.",
		OpenAPI: "(none)", Example: "+kubebuilder:validation:UniqueItems=false",
		Apply: func(c *Context) error {
			if c.Marker.(kbUniqueItems) {
				return c.Errorf("uniqueItems: true is not allowed in CRD schemas; use +listType=set")
			}
			return nil
		},
	}, kbUniqueItems(false), false, markerDoc{"", "false"})
}
