// Package v1 is the v1 version of the example storage API, written in Kubernetes' own tag dialect
// (the +k8s: tags): its validators follow upstream validation-gen's semantics, and validation-gen
// publishes in its schema what upstream's leaves to Go (the tags neq, maxBytes, forbidden, update
// and eachVal). twoway_test.go proves the published schema and the Go validators agree.
//
// +groupName=storage.example.com
// +k8s:deepcopy-gen=package
// +k8s:openapi-gen=true
// +k8s:validation-gen=TypesWithField=TypeMeta
package v1

//go:generate go tool deepcopy-gen --go-header-file ../../../../hack/boilerplate.go.txt --output-file zz_generated.deepcopy.go .
