// Package api holds the example API groups: workloads (KEP-4153's tags, an internal version,
// conversions and handwritten validation to compare with) and storage (Kubernetes' own +k8s:
// dialect). Its go:generate directive runs validation-gen over all of them at once, exactly as the
// README's first command does, so that one OpenAPI document and one CRD directory hold every
// group.
package api

//go:generate go tool validation-gen --strict --lint --go-header-file ../../hack/boilerplate.go.txt --openapi-json openapi.json --crd-dir crds --docs-api docs ./...
