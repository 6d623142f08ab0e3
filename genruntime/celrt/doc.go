// Package celrt is the CEL runtime of generated validators: the x-kubernetes-validations rules of
// a place, compiled once as the API server compiles stored CRD rules (celenv/stored) and evaluated
// on Go values. Generated code imports it only for packages with CEL rules outside the subset that
// compiles to Go (rules that compile call genruntime/celnative instead), so that API packages
// without such rules do not depend on cel-go and the Kubernetes CEL libraries (package genruntime
// is the light core).
package celrt
