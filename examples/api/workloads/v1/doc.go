// Package v1 is the v1 version of the example workloads API: a WorkerPool runs a set of
// identical workers from a pod-template-like template.
//
// +groupName=workloads.example.com
// +k8s:deepcopy-gen=package
// +k8s:openapi-gen=true
// +k8s:conversion-gen=github.com/validation-gen/validation-gen/examples/api/workloads
package v1
