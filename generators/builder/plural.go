package builder

import (
	"strings"

	"github.com/gobuffalo/flect"
	"k8s.io/gengo/v2/namer"
	gengotypes "k8s.io/gengo/v2/types"
)

// pluralNamer names a kind's resource as Kubernetes' client-gen does: English plural rules
// (GatewayClass → gatewayclasses, BackendTLSPolicy → backendtlspolicies, Gateway → gateways),
// with client-gen's default exception for kinds already in the plural.
var pluralNamer = namer.NewAllLowercasePluralNamer(map[string]string{"Endpoints": "endpoints"})

// defaultPlural is the plural resource name of a root kind without +plural: client-gen's, or, for
// a kind whose CRD is controller-gen's, controller-gen's (flect's English, lower-cased: Index →
// indices and Person → people, where client-gen says indexes and persons), so that a project
// moving from controller-gen keeps its resource instead of getting a second CRD beside it.
func defaultPlural(kind string, controllerGen bool) string {
	if controllerGen {
		return strings.ToLower(flect.Pluralize(kind))
	}
	return pluralNamer.Name(&gengotypes.Type{Name: gengotypes.Name{Name: kind}})
}
