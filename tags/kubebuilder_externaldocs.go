package tags

import (
	"net/url"

	"github.com/validation-gen/validation-gen/model"
)

// kbExternalDocs is +kubebuilder:externalDocs's arguments.
type kbExternalDocs struct {
	URL         string `marker:"url"`
	Description string `marker:",optional"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:externalDocs", Scopes: ScopeType | ScopeField,
		Doc:     "A link to external documentation of the value.",
		OpenAPI: "externalDocs", Example: `+kubebuilder:externalDocs:url="https://gateway-api.sigs.k8s.io",description="guides"`,
		Apply: func(c *Context) error {
			x := c.Marker.(kbExternalDocs)
			if _, err := url.ParseRequestURI(x.URL); err != nil {
				return c.Errorf("url %q is not a URL: %v", x.URL, err)
			}
			c.V.Schema.ExternalDocs = &model.ExternalDocs{URL: x.URL, Description: x.Description, Origin: c.Origin()}
			return nil
		},
	}, kbExternalDocs{}, false,
		markerDoc{"url", "the documentation's URL"},
		markerDoc{"description", "what it documents"})
}
