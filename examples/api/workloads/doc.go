// Package workloads is the internal (hub) version of the example workloads API, as Kubernetes lays
// out its API groups: versioned packages v1 and v1beta1 convert to and from these types.
//
// +groupName=workloads.example.com
// +k8s:deepcopy-gen=package
// +k8s:openapi-gen=true
package workloads

//go:generate go tool deepcopy-gen --go-header-file ../../../hack/boilerplate.go.txt --output-file zz_generated.deepcopy.go ./...
//go:generate go tool conversion-gen --go-header-file ../../../hack/boilerplate.go.txt --output-file zz_generated.conversion.go ./v1 ./v1beta1
