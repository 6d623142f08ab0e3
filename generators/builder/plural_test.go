package builder

import "testing"

func TestDefaultPlural(t *testing.T) {
	for kind, want := range map[string][2]string{ // client-gen's, controller-gen's
		"Pod":              {"pods", "pods"},
		"GatewayClass":     {"gatewayclasses", "gatewayclasses"},
		"BackendTLSPolicy": {"backendtlspolicies", "backendtlspolicies"},
		"Gateway":          {"gateways", "gateways"},
		"Ingress":          {"ingresses", "ingresses"},
		"HTTPRoute":        {"httproutes", "httproutes"},
		"NetworkPolicy":    {"networkpolicies", "networkpolicies"},
		"Endpoints":        {"endpoints", "endpoints"},
		"HTTPProxy":        {"httpproxies", "httpproxies"},
		"Mesh":             {"meshes", "meshes"},
		"Box":              {"boxes", "boxes"},
		"Index":            {"indexes", "indices"},
		"Person":           {"persons", "people"},
		"Child":            {"childs", "children"},
		"Status":           {"statuses", "statuses"},
	} {
		for i, cg := range []bool{false, true} {
			if got := defaultPlural(kind, cg); got != want[i] {
				t.Errorf("defaultPlural(%s, controller-gen %v) = %s, want %s", kind, cg, got, want[i])
			}
		}
	}
}
