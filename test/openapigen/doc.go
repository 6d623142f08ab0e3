// Package openapigen holds a conformance test over modules that commit openapi-gen's output
// (aggregated API servers and the like), fetched through the Go module proxy at pinned versions.
// For each module it first checks that openapi-gen, built at the kube-openapi version the module
// builds it with and run with the module's own command line (read from its hack/ scripts or
// Makefile), reproduces the committed zz_generated.openapi.go byte for byte, so that every
// difference found next is validation-gen's. It then compares the definitions that file returns
// with validation-gen's for the same input packages, definition by definition (package
// oapicompare, as test/k8sapi does for k8s.io/api); differences.yaml lists the allowed ones, with
// reasons.
//
// It downloads modules and builds openapi-gen, so it only runs when VALIDATION_GEN_OPENAPIGEN=1
// (under the shared lock, see hack/verify.sh):
//
//	VALIDATION_GEN_OPENAPIGEN=1 go test ./test/openapigen/ -count=1 -v
//
// With -v it prints one line per module: definitions identical / compared, and extensions compared.
// VALIDATION_GEN_OPENAPIGEN_ONLY=path,path runs only those modules; VALIDATION_GEN_OPENAPIGEN_REPORT=FILE
// appends every difference found to FILE, in the format of differences.yaml.
package openapigen
