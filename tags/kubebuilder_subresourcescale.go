package tags

import "github.com/validation-gen/validation-gen/model"

// kbScale is +kubebuilder:subresource:scale's arguments.
type kbScale struct {
	SpecPath     string  `marker:"specpath"`
	StatusPath   string  `marker:"statuspath"`
	SelectorPath *string `marker:"selectorpath,optional"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:subresource:scale", Scopes: ScopeType,
		Doc:     "The kind has a scale subresource.",
		OpenAPI: "CRD versions[].subresources.scale",
		Example: "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas",
		Apply: func(c *Context) error {
			x := c.Marker.(kbScale)
			c.Type.CRD.Scale = &model.CRDScale{SpecPath: x.SpecPath, StatusPath: x.StatusPath, SelectorPath: x.SelectorPath, Origin: c.Origin()}
			return nil
		},
	}, kbScale{}, false,
		markerDoc{"specpath", "JSON path of the desired replicas, e.g. .spec.replicas"},
		markerDoc{"statuspath", "JSON path of the observed replicas, e.g. .status.replicas"},
		markerDoc{"selectorpath", "JSON path of the label selector in status, as a string"})
}
