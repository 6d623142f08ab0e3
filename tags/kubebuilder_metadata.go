package tags

import (
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// kbMetadata is +kubebuilder:metadata's arguments.
type kbMetadata struct {
	Annotations []string `marker:",optional"`
	Labels      []string `marker:",optional"`
}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:metadata", Scopes: ScopeType, Repeatable: true,
		Doc:     "Annotations and labels of the CRD object, each key=value.",
		OpenAPI: "CRD metadata.annotations, metadata.labels",
		Example: `+kubebuilder:metadata:labels="gateway.networking.k8s.io/policy=Direct"`,
		Apply: func(c *Context) error {
			x := c.Marker.(kbMetadata)
			for _, set := range []struct {
				in  []string
				out *[]model.KeyValue
			}{{x.Annotations, &c.Type.CRD.Annotations}, {x.Labels, &c.Type.CRD.Labels}} {
				for _, kv := range set.in {
					k, v, ok := strings.Cut(kv, "=")
					if !ok || k == "" {
						return c.Errorf("%q is not key=value", kv)
					}
					*set.out = append(*set.out, model.KeyValue{Key: k, Value: v, Origin: c.Origin()})
				}
			}
			return nil
		},
	}, kbMetadata{}, false,
		markerDoc{"annotations", "key=value pairs"},
		markerDoc{"labels", "key=value pairs"})
}
