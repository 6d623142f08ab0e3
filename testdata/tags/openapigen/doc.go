// Package openapigen exercises +k8s:openapi-gen: true in doc.go selects the package's types for
// the kube-openapi Go definitions, as openapi-gen does (this folder's openapi.json holds every
// definition either way); false on a type leaves it out of the definitions, false on a field
// leaves the field out; x-kubernetes-<name>:<value> publishes that extension, as a string.
//
// +k8s:openapi-gen=true
package openapigen
