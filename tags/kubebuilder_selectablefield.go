package tags

import "github.com/validation-gen/validation-gen/model"

// kbSelectableField is +kubebuilder:selectablefield's arguments.
type kbSelectableField struct {
	JSONPath string `marker:"JSONPath"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:selectablefield", Scopes: ScopeType, Repeatable: true,
		Doc:     "A field that field selectors may use for the kind.",
		OpenAPI: "CRD versions[].selectableFields", Example: `+kubebuilder:selectablefield:JSONPath=".spec.class"`,
		Apply: func(c *Context) error {
			c.Type.CRD.SelectableFields = append(c.Type.CRD.SelectableFields,
				model.String{Value: c.Marker.(kbSelectableField).JSONPath, Origin: c.Origin()})
			return nil
		},
	}, kbSelectableField{}, false, markerDoc{"JSONPath", "the field's JSON path, e.g. .spec.class"})
}
