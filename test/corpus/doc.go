// Package corpus runs validation-gen over real controller-gen projects, each at a pinned release
// fetched through the Go module proxy, as their maintainers would run it: validation-gen as a tool
// of the project's go.mod, once over every API package and once per package through go:generate.
// For each project it first checks that the controller-gen version and options the project uses
// reproduce the CRDs it publishes (so that every difference is validation-gen's), then compares
// validation-gen's CRDs with controller-gen's, has the API server's CRD validation accept them,
// compiles and vets the generated Go, checks that per-package runs write what the joint run
// writes, and runs the two-way harness (generated validators against the API server's
// validation of the generated CRDs) on random objects. What differs today is listed, with its
// reason and the issue class that owns it, in the project's gaps (projects_test.go). It runs
// only when VALIDATION_GEN_CORPUS=1.
package corpus
