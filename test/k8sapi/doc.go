// Package k8sapi holds a conformance test: validation-gen runs over every package of k8s.io/api
// plus k8s.io/apimachinery/pkg/apis/meta/v1, and its OpenAPI definitions are compared with what
// kube-openapi's openapi-gen produces for the same packages. Every difference must be listed,
// with its reason, in differences.yaml.
//
// The test downloads modules and builds openapi-gen, so it only runs when VALIDATION_GEN_K8SAPI=1:
//
//	VALIDATION_GEN_K8SAPI=1 go test ./test/k8sapi/ -count=1
//
// TestK8sAPIValidators (VALIDATION_GEN_K8SAPI_VALIDATORS=1) generates validators for the k8s.io/api
// group versions written in the +k8s: dialect into output packages (+k8s:validation-gen-input), as
// Kubernetes does, and builds and runs them.
package k8sapi
