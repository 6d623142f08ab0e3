// Package upstream holds a conformance test: upstream Kubernetes' validation-gen test suite
// (cmd/validation-gen/output_tests of the k8s.io/code-generator module, with its testscheme) run
// against the validators this project's validation-gen generates for the same packages.
//
// The test copies the suite from the module cache into a temporary module, replaces upstream's
// generated files with this generator's output, registers the generated validators into
// upstream's testscheme through a small generated shim, runs `go test -json`, and tallies every
// upstream test function as rejected (the generator refused the package), compile (the package
// or its tests do not build), fail or pass. The tally is a ratchet: expected.yaml lists the
// tests that fail today, deviations.yaml the intentional ones with their reason; the test fails
// when a test regresses or when a newly passing test is still listed.
//
// It builds the generator and many test binaries, so it only runs when VALIDATION_GEN_UPSTREAM=1:
//
//	VALIDATION_GEN_UPSTREAM=1 go test ./test/upstream/ -count=1 -timeout 60m -v
//
// See README.md for the other environment variables and the current tally.
package upstream
