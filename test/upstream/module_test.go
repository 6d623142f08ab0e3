package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

const (
	// upstreamModule is the module that ships upstream's validation-gen and its test suite.
	upstreamModule = "k8s.io/code-generator"
	// suiteDir is the test suite inside upstreamModule; testschemeDir is the scheme it drives.
	suiteDir      = "cmd/validation-gen/output_tests"
	testschemeDir = "cmd/validation-gen/testscheme"
	// outputFile is the name upstream generates into every package (output_tests/generate.go:
	// validation-gen --output-file zz_generated.validations.go ./...); this generator writes its
	// validators under the same name.
	outputFile = "zz_generated.validations.go"
	// shimFile holds the registration shim (see shim_test.go); fixtureFile the fixture test.
	shimFile    = "zz_generated.upstream_shim.go"
	fixtureFile = "zz_generated.upstream_fixture_test.go"
	// thisModule is this project's module path; the temporary module replaces it with this checkout,
	// as the generated code imports its genruntime package.
	thisModule = "github.com/validation-gen/validation-gen"
)

// upstreamSource finds the k8s.io/code-generator module that this module's build list names, in
// the module cache (downloading it if need be), and returns its version and directory.
func upstreamSource(t *testing.T, root string) (version, dir string) {
	t.Helper()
	out := goCmd(t, root, nil, "list", "-m", "-f", "{{.Version}}", upstreamModule)
	version = strings.TrimSpace(string(out))
	out = goCmd(t, root, nil, "mod", "download", "-json", upstreamModule+"@"+version)
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		t.Fatalf("go mod download -json %s@%s: %v", upstreamModule, version, err)
	}
	if info.Error != "" || info.Dir == "" {
		t.Fatalf("go mod download %s@%s: %s", upstreamModule, version, info.Error)
	}
	return version, info.Dir
}

// setupModule writes the temporary module into dir: upstream's go.mod and go.sum under upstream's
// own module path (so the suite's imports resolve unchanged), this checkout added as a replaced
// requirement, and copies of the test suite and testscheme without upstream's generated files.
// (internal/tempmod is not used: it makes modules from this repository's go.mod, and this one is
// upstream's. Minimal version selection may raise a few of upstream's requirements to this
// module's versions; -mod=mod lets the go command record that.)
// It returns the generated files it removed, relative to the suite.
func setupModule(t *testing.T, upstreamDir, root, dir string) (removed []string) {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(upstreamDir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gomod = append(gomod, fmt.Sprintf("\nrequire %s v0.0.0\n\nreplace %s => %s\n", thisModule, thisModule, root)...)
	write(t, filepath.Join(dir, "go.mod"), string(gomod))
	var sum []byte
	for _, f := range []string{filepath.Join(upstreamDir, "go.sum"), filepath.Join(root, "go.sum")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sum = append(sum, b...)
	}
	write(t, filepath.Join(dir, "go.sum"), string(sum))
	for _, sub := range []string{suiteDir, testschemeDir} {
		err := filepath.WalkDir(filepath.Join(upstreamDir, sub), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(upstreamDir, path)
			if strings.HasPrefix(d.Name(), "zz_generated.") {
				r, _ := filepath.Rel(suiteDir, rel)
				removed = append(removed, filepath.ToSlash(r))
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(mkdirFor(t, filepath.Join(dir, rel)), b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(removed)
	return removed
}

// Package is one package of the suite, by its directory relative to output_tests.
type Package struct {
	Rel        string
	ImportPath string
	// Deps are the import paths the package imports, directly or not.
	Deps []string
	// Tests are the suite's test functions in the package, sorted (generated test files excluded).
	Tests []string
	// Diagnostics are the generator's, when it rejected the package.
	Diagnostics []string
	// Missing names validators upstream registers that this generator did not generate.
	Missing []string
	// Shimmed is set when the package got a registration shim.
	Shimmed bool
	// Fixture is set when the package carries +k8s:validation-gen-test-fixture=validateFalse; its
	// Tests then include the fixture test upstream generates for it.
	Fixture bool
}

// generate runs this project's validation-gen over the suite with upstream's command line c, as
// written (all packages in one run, ./...). If that run fails, the packages named in its
// diagnostics are set aside with them and the rest are generated again, naming the remaining
// packages in place of the pattern, until a run succeeds (so that the ratchet still measures the
// others). It returns the packages it rejected and whether the command as written succeeded.
func generate(t *testing.T, bin, suite string, c Command, pkgs []*Package) (rejected map[string]bool, runs int, asWritten bool) {
	t.Helper()
	rejected = map[string]bool{}
	byRel := map[string]*Package{}
	var inputs []string
	for _, p := range pkgs {
		byRel[p.Rel] = p
		inputs = append(inputs, p.Rel)
	}
	args := func(rels []string) []string {
		var patterns []string
		for _, r := range rels {
			patterns = append(patterns, "./"+r)
		}
		return c.args(patterns...)
	}
	for asWritten = true; len(inputs) > 0; asWritten = false {
		runs++
		a := args(inputs)
		if asWritten {
			a = c.args()
		}
		out, ok := runGenerator(t, suite, bin, a...)
		if ok {
			return rejected, runs, asWritten
		}
		found := map[string][]string{}
		for _, d := range splitDiagnostics(out) {
			for _, rel := range blamed(diagnosticPackage(d), inputs, byRel) {
				found[rel] = append(found[rel], d)
			}
		}
		if len(found) == 0 {
			// Nothing attributable to an input package (an internal error, or a problem in a
			// package that is only imported): generate package by package.
			t.Logf("validation-gen failed without diagnostics in its input packages; generating %d packages one by one:\n%s",
				len(inputs), tail(out))
			for _, rel := range inputs {
				runs++
				if out, ok := runGenerator(t, suite, bin, args([]string{rel})...); !ok {
					rejected[rel] = true
					byRel[rel].Diagnostics = splitDiagnostics(out)
				}
			}
			return rejected, runs, false
		}
		var rest []string
		for _, rel := range inputs {
			if ds, ok := found[rel]; ok {
				rejected[rel] = true
				byRel[rel].Diagnostics = ds
			} else {
				rest = append(rest, rel)
			}
		}
		inputs = rest
	}
	return rejected, runs, false
}

// blamed returns the input packages a diagnostic in the package in directory dir (relative to the
// suite) stops: that package if it is an input, else the inputs that import it (the generator
// reports the tags of the packages an input imports, and refuses the run for them).
func blamed(dir string, inputs []string, byRel map[string]*Package) []string {
	if dir == "" {
		return nil
	}
	if slices.Contains(inputs, dir) {
		return []string{dir}
	}
	var out []string
	for _, rel := range inputs {
		p := byRel[rel]
		suffix := "/" + p.Rel
		prefix := strings.TrimSuffix(p.ImportPath, suffix)
		if prefix == p.ImportPath { // not below the suite: cannot tell
			continue
		}
		if slices.Contains(p.Deps, prefix+"/"+dir) {
			out = append(out, rel)
		}
	}
	return out
}

// runGenerator runs validation-gen and returns its combined output and whether it succeeded.
func runGenerator(t *testing.T, dir, bin string, args ...string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), moduleEnv...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("validation-gen timed out in %s", dir)
	}
	return string(out), err == nil
}

// splitDiagnostics splits the generator's output into diagnostics ("file:line:col: ..." plus any
// continuation lines), dropping its summary line.
func splitDiagnostics(out string) []string {
	var ds []string
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		switch {
		case line == "", strings.HasPrefix(line, "validation-gen: ") && strings.HasSuffix(line, "nothing was written"):
		case diagnosticPackage(line) != "" || len(ds) == 0:
			ds = append(ds, line)
		default:
			ds[len(ds)-1] += "\n" + line
		}
	}
	return ds
}

// diagnosticPackage is the directory of the Go file a diagnostic starts with, or "".
func diagnosticPackage(d string) string {
	file, rest, ok := strings.Cut(d, ".go:")
	if !ok || strings.ContainsAny(file, " \t") || !strings.ContainsAny(rest, ":") {
		return ""
	}
	return filepath.ToSlash(filepath.Dir(file))
}

// moduleEnv is the environment of every go command and generator run in the temporary module:
// -mod=mod lets the go command add go.sum lines the combined build list needs.
var moduleEnv = []string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local"}

func goCmd(t *testing.T, dir string, env []string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s (in %s): %v\n%s%s", strings.Join(args, " "), dir, err, tail(stdout.String()), tail(stderr.String()))
	}
	return stdout.Bytes()
}

// tail keeps the end of long command output.
func tail(s string) string {
	const max = 8000
	if len(s) > max {
		return "...\n" + s[len(s)-max:]
	}
	return s
}

func mkdirFor(t *testing.T, path string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(mkdirFor(t, path), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// moduleRoot is the directory of this module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out := goCmd(t, ".", nil, "env", "GOMOD")
	return filepath.Dir(strings.TrimSpace(string(out)))
}
