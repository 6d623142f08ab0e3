// Package fastpath answers a validation-gen command line that the result cache has answered
// before, before the command's pipeline is initialised.
//
// A result-cache hit loads nothing, but the process that finds it starts as any other: the Go
// runtime initialises every package the command links (cel-go, the API server's CEL and schema
// packages, kube-openapi, go/packages: ~560) before main runs, and that start-up was most of a
// hit's time, paid by every go:generate directive of a `go generate ./...` that changes nothing.
// This package does the lookup in its init function instead, which runs before those packages':
// the Go specification initialises packages in the order of their import paths, each as soon as
// the packages it imports are, and this package imports only standard packages that are
// initialised early and packages of this module that do too (generators/cache/lookup,
// generators/output, internal/gohead, internal/fspath: not path/filepath, go/scanner, go/parser
// or os/exec, whose initialisation comes late). So it is initialised right after the standard
// library's first packages, before gobuffalo/flect, the protobuf registries, cel-go and k8s.io
// (TestFastPath checks it, TestFastPathDependencies says which import broke it). On a hit it prints
// what the run printed, writes or verifies the outputs, and exits; on anything else it returns and
// the command runs as it would have: the pipeline looks the run up in the cache again, and records
// the command line for the next time (cache.Remember).
//
// What a hit needs is what lookup.Recall checks: the same generator build, working directory and
// arguments, the same go env and configuration files, every input in the run's manifest as it
// was. Runs that log (-v) or profile (VALIDATION_GEN_PROFILE_DIR) are left to the pipeline, as
// are test binaries.
package fastpath

import (
	"fmt"
	"os"
	"strings"

	"github.com/validation-gen/validation-gen/generators/cache/lookup"
	"github.com/validation-gen/validation-gen/generators/output"
)

// ProfileEnv names the directory the command writes profiles into; a profiled run is not
// answered here.
const ProfileEnv = "VALIDATION_GEN_PROFILE_DIR"

func init() {
	if testBinary() {
		return
	}
	if code, ok := Answer(os.Args[1:]); ok {
		os.Exit(code)
	}
}

// Answer answers the command line args from the result cache when it can, returning the exit
// status and true; it returns false, having printed and written nothing, when it cannot.
func Answer(args []string) (int, bool) {
	if logs(args) || os.Getenv(ProfileEnv) != "" {
		return 0, false
	}
	if d := os.Getenv("GOPACKAGESDRIVER"); d != "" && d != "off" {
		return 0, false
	}
	dir, err := lookup.Dir(os.Getenv(lookup.EnvVar))
	if dir == "" || err != nil {
		return 0, false
	}
	build, err := lookup.BuildID()
	if err != nil {
		return 0, false
	}
	wd, err := os.Getwd()
	if err != nil {
		return 0, false
	}
	call, snap, err := lookup.Recall(dir, build, wd, args)
	if err != nil {
		return 0, false
	}
	fmt.Fprint(os.Stderr, call.Stderr)
	if call.Stopped || snap == nil {
		return 1, true
	}
	return Finish(snap.Restore(), call.Verify), true
}

// testBinary reports whether the process is a test binary (go test's pkg.test, run with -test.
// flags) rather than the command. (testing.Testing would say so too, at the price of the testing
// package's dependencies, which are initialised late: see the package documentation.)
func testBinary() bool {
	if strings.HasSuffix(strings.TrimSuffix(os.Args[0], ".exe"), ".test") {
		return true
	}
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.") {
			return true
		}
	}
	return false
}

// logs reports whether a command line sets the log verbosity (-v): its logs are the pipeline's.
func logs(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if strings.HasPrefix(a, "-") && name == "v" {
			return true
		}
	}
	return false
}

// Finish ends a generation run whose outputs are out, as the command does after printing its
// diagnostics: with verify, it prints a diff of the stale outputs and fails if there are any;
// otherwise it writes them. It returns the exit status.
func Finish(out *output.Outputs, verify bool) int {
	if verify {
		ok, err := out.Verify(os.Stdout)
		if err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
			return 1
		}
		if !ok {
			fmt.Fprintln(os.Stderr, "validation-gen: generated files are stale; run without --verify to update them")
			return 1
		}
		return 0
	}
	if err := out.Write(); err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 1
	}
	return 0
}
