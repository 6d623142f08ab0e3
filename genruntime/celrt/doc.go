// Package celrt is the CEL runtime of generated validators: the x-kubernetes-validations rules of
// a place, compiled once as the API server compiles stored CRD rules (celenv/stored) and evaluated on Go values.
// Generated code imports it only for packages with CEL rules, so that API packages without rules
// do not depend on cel-go and the Kubernetes CEL libraries (package genruntime is the light core).
package celrt
