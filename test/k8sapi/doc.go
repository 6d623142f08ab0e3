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
// group versions that Kubernetes generates validators for (read from the pkg/apis doc.go files of
// the matching k8s.io/kubernetes release) into output packages with the same package tags
// (+k8s:validation-gen-input), as Kubernetes does, and builds and runs them.
//
// TestK8sAPIDifferential (VALIDATION_GEN_K8SAPI_DIFF=1) runs upstream's generated validators of
// every such group version (Kubernetes' committed zz_generated.validations.go) and this
// generator's on random objects of every kind, on create and update, and requires the same errors.
//
// TestK8sAPIBench (VALIDATION_GEN_K8SAPI_BENCH=1) checks that this generator's validators of
// k8s.io/api/resource/v1 report the same errors as upstream's generated ones on a few
// ResourceClaims, and benchmarks both.
package k8sapi
