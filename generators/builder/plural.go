package builder

import (
	"k8s.io/gengo/v2/namer"
	gengotypes "k8s.io/gengo/v2/types"
)

// pluralNamer names a kind's resource as Kubernetes' client-gen does: English plural rules
// (GatewayClass → gatewayclasses, BackendTLSPolicy → backendtlspolicies, Gateway → gateways),
// with client-gen's default exception for kinds already in the plural.
var pluralNamer = namer.NewAllLowercasePluralNamer(map[string]string{"Endpoints": "endpoints"})

// defaultPlural is the plural resource name of a root kind without +plural.
func defaultPlural(kind string) string {
	return pluralNamer.Name(&gengotypes.Type{Name: gengotypes.Name{Name: kind}})
}
