// Package v1 is the v1 version of the example workloads API: a WorkerPool runs a set of
// identical workers from a pod-template-like template.
//
// +groupName=workloads.example.com
package v1

//go:generate go run github.com/validation-gen/validation-gen/cmd/validation-gen --go-header-file ../../../../hack/boilerplate.go.txt .
