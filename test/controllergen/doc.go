// Package controllergen compares validation-gen's CRDs with controller-gen's on a real
// kubebuilder-dialect API module (gateway-api), key order aside, every difference explained in
// reasons.txt; checks that the API server accepts every generated CRD; and runs, in the
// temporary module next to the generated validators, harness_test.go.txt: the two-way
// equivalence harness (equivalence.TwoWay) on random objects of every served kind and version,
// and the HTTPRoute benchmark, typed validators against the API server's schema path. It runs
// only when VALIDATION_GEN_CONTROLLERGEN=1: it fetches the module and controller-gen through the
// Go module proxy.
package controllergen
