package builder

import "testing"

func TestDefaultPlural(t *testing.T) {
	for kind, want := range map[string]string{
		"Pod":              "pods",
		"GatewayClass":     "gatewayclasses",
		"BackendTLSPolicy": "backendtlspolicies",
		"Gateway":          "gateways",
		"Ingress":          "ingresses",
		"HTTPRoute":        "httproutes",
		"NetworkPolicy":    "networkpolicies",
		"Endpoints":        "endpoints",
		"HTTPProxy":        "httpproxies",
		"Mesh":             "meshes",
		"Box":              "boxes",
	} {
		if got := defaultPlural(kind); got != want {
			t.Errorf("defaultPlural(%s) = %s, want %s", kind, got, want)
		}
	}
}
