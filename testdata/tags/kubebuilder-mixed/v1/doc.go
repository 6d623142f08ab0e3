// Package v1 mixes controller-gen's markers with other tools' tags and marks no kind as a root
// object: controller-gen finds its kinds by their TypeMeta and ObjectMeta and reads every marker,
// and so does validation-gen. The CRD is controller-gen's for the same input.
//
// +k8s:openapi-gen=true
// +k8s:deepcopy-gen=package
// +groupName=mixed.example.com
package v1
