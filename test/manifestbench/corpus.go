// Package manifestbench measures validation-gen validate against the tools people use to check
// manifests before they reach a cluster, kubeconform (JSON Schema) and kubectl-validate (the API
// server's CRD code), on one corpus of Gateway API manifests. See bench_test.go.
package manifestbench

import (
	"fmt"
	"strings"
)

// Corpus returns n Gateway API manifests (gateway.networking.k8s.io, the standard channel), as
// YAML documents, deterministically: HTTPRoutes most of all, as in real clusters, then Gateways,
// GRPCRoutes, ReferenceGrants, BackendTLSPolicies and GatewayClasses, each with a shape that
// varies with its index (several rules, matches, filters, listeners). Every 23rd document is
// invalid in a way the CRDs' schema or CEL rules catch.
func Corpus(n int) []string {
	docs := make([]string, n)
	for i := range docs {
		invalid := i%23 == 22
		switch i % 20 {
		case 0, 1, 2:
			docs[i] = gateway(i, invalid)
		case 3, 4:
			docs[i] = grpcRoute(i, invalid)
		case 5:
			docs[i] = referenceGrant(i, invalid)
		case 6:
			docs[i] = backendTLSPolicy(i, invalid)
		case 7:
			docs[i] = gatewayClass(i, invalid)
		default:
			docs[i] = httpRoute(i, invalid)
		}
	}
	return docs
}

func header(kind, name string, i int) string {
	return fmt.Sprintf(`apiVersion: gateway.networking.k8s.io/v1
kind: %s
metadata:
  name: %s-%d
  namespace: team-%d
  labels:
    app.kubernetes.io/name: app-%d
    app.kubernetes.io/part-of: shop
  annotations:
    example.com/owner: team-%d
`, kind, name, i, i%17, i%97, i%17)
}

func httpRoute(i int, invalid bool) string {
	var b strings.Builder
	b.WriteString(header("HTTPRoute", "route", i))
	fmt.Fprintf(&b, `spec:
  parentRefs:
  - name: gw-%d
    sectionName: https
  hostnames:
  - app-%d.example.com
  - "*.apps-%d.example.com"
  rules:
`, i%13, i, i%7)
	rules := 1 + i%4
	for r := 0; r < rules; r++ {
		path := fmt.Sprintf("/api/v%d/items-%d", r+1, i%50)
		if invalid && r == 0 {
			path = "api/without/leading/slash" // the CRD's CEL rule: must be an absolute path
		}
		fmt.Fprintf(&b, `  - matches:
    - path:
        type: PathPrefix
        value: %s
      headers:
      - name: x-tenant
        value: tenant-%d
      method: GET
    - path:
        type: Exact
        value: /healthz-%d
`, path, i%11, r)
		if r%2 == 1 {
			fmt.Fprintf(&b, `    filters:
    - type: RequestHeaderModifier
      requestHeaderModifier:
        set:
        - name: x-route
          value: route-%d
        remove: [x-debug]
    - type: ResponseHeaderModifier
      responseHeaderModifier:
        add:
        - name: x-served-by
          value: shop
`, i)
		}
		if r == 2 {
			b.WriteString(`    timeouts:
      request: 10s
      backendRequest: 5s
`)
		}
		fmt.Fprintf(&b, `    backendRefs:
    - name: svc-%d
      port: %d
      weight: 90
    - name: svc-%d-canary
      port: %d
      weight: 10
`, i%31, 8080+r, i%31, 8080+r)
	}
	return b.String()
}

func gateway(i int, invalid bool) string {
	var b strings.Builder
	b.WriteString(header("Gateway", "gw", i))
	fmt.Fprintf(&b, `spec:
  gatewayClassName: class-%d
  listeners:
  - name: http
    protocol: HTTP
    port: 80
    allowedRoutes:
      namespaces:
        from: Same
  - name: https
    protocol: HTTPS
    port: 443
    hostname: "*.example-%d.com"
    tls:
      mode: Terminate
      certificateRefs:
      - kind: Secret
        group: ""
        name: cert-%d
    allowedRoutes:
      namespaces:
        from: Selector
        selector:
          matchLabels:
            shared-gateway-access: "true"
`, i%5, i%9, i)
	if invalid {
		// A second listener named http: the listener names must be unique (a list map).
		b.WriteString(`  - name: http
    protocol: HTTP
    port: 8080
`)
	}
	return b.String()
}

func grpcRoute(i int, invalid bool) string {
	var b strings.Builder
	b.WriteString(header("GRPCRoute", "grpc", i))
	service := fmt.Sprintf("com.example.Service%d", i%23)
	if invalid {
		service = "not a service!" // the schema's pattern
	}
	fmt.Fprintf(&b, `spec:
  parentRefs:
  - name: gw-%d
  hostnames:
  - grpc-%d.example.com
  rules:
  - matches:
    - method:
        service: %s
        method: Get
      headers:
      - type: Exact
        name: x-tenant
        value: t-%d
    backendRefs:
    - name: grpc-svc-%d
      port: 50051
  - matches:
    - method:
        service: com.example.Health
    backendRefs:
    - name: grpc-health
      port: 50052
`, i%13, i, service, i%11, i%31)
	return b.String()
}

func referenceGrant(i int, invalid bool) string {
	b := strings.Replace(header("ReferenceGrant", "grant", i), "gateway.networking.k8s.io/v1\n", "gateway.networking.k8s.io/v1beta1\n", 1)
	kind := "HTTPRoute"
	if invalid {
		kind = ""
	}
	return b + fmt.Sprintf(`spec:
  from:
  - group: gateway.networking.k8s.io
    kind: %s
    namespace: team-%d
  to:
  - group: ""
    kind: Service
`, kind, (i+1)%17)
}

func backendTLSPolicy(i int, invalid bool) string {
	var b strings.Builder
	b.WriteString(header("BackendTLSPolicy", "tls", i))
	hostname := fmt.Sprintf("svc-%d.example.com", i%31)
	if invalid {
		hostname = "-bad-.hostname"
	}
	fmt.Fprintf(&b, `spec:
  targetRefs:
  - group: ""
    kind: Service
    name: svc-%d
  validation:
    caCertificateRefs:
    - group: ""
      kind: ConfigMap
      name: ca-%d
    hostname: %s
`, i%31, i%5, hostname)
	return b.String()
}

func gatewayClass(i int, invalid bool) string {
	b := header("GatewayClass", "class", i)
	b = b[:strings.Index(b, "  namespace:")] + b[strings.Index(b, "  labels:"):]
	controller := fmt.Sprintf("example.com/gateway-controller-%d", i%3)
	if invalid {
		controller = "no-domain"
	}
	return b + fmt.Sprintf(`spec:
  controllerName: %s
  description: Class %d
`, controller, i)
}
