package k8sapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The temporary module in which openapi-gen runs.
const tmpModule = "validationgen.test/k8sapiopenapi"

// dumpMain prints what the generated GetOpenAPIDefinitions returns, as {name: definition}.
const dumpMain = `package main

import (
	"encoding/json"
	"os"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"` + tmpModule + `/generated"
)

func main() {
	defs := generated.GetOpenAPIDefinitions(func(name string) spec.Ref {
		return spec.MustCreateRef("#/definitions/" + name)
	})
	if err := json.NewEncoder(os.Stdout).Encode(defs); err != nil {
		panic(err)
	}
}
`

// moduleVersions returns the versions of the given modules in this module's build list, so that
// openapi-gen sees exactly the sources validation-gen reads.
func moduleVersions(t *testing.T, paths ...string) map[string]string {
	t.Helper()
	out := goCmd(t, ".", nil, append([]string{"list", "-m", "-f", "{{.Path}} {{.Version}}"}, paths...)...)
	versions := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, version, _ := strings.Cut(line, " ")
		versions[path] = version
	}
	for _, p := range paths {
		if versions[p] == "" {
			t.Fatalf("module %s is not in the build list of this module", p)
		}
	}
	return versions
}

// openAPIGen runs kube-openapi's openapi-gen over patterns in a temporary module that requires
// the given module versions, and returns the definitions the generated code returns, decoded
// from JSON ({name: {"Schema": ..., "Dependencies": [...]}}).
func openAPIGen(t *testing.T, versions map[string]string, patterns []string) map[string]any {
	t.Helper()
	dir := t.TempDir()
	var req strings.Builder
	for _, p := range []string{"k8s.io/api", "k8s.io/apimachinery", "k8s.io/kube-openapi"} {
		fmt.Fprintf(&req, "\t%s %s\n", p, versions[p])
	}
	write(t, filepath.Join(dir, "go.mod"), "module "+tmpModule+"\n\ngo 1.26\n\nrequire (\n"+req.String()+")\n")
	// go.sum: start from ours (same versions) and let -mod=mod add what the temporary module's
	// build list needs on top.
	if sum, err := os.ReadFile(filepath.Join(moduleRoot(t), "go.sum")); err == nil {
		write(t, filepath.Join(dir, "go.sum"), string(sum))
	}
	write(t, filepath.Join(dir, "empty.txt"), "")
	write(t, filepath.Join(dir, "dump", "main.go"), dumpMain)
	env := []string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local"}

	start := time.Now()
	getArgs := []string{"get"}
	for _, p := range patterns {
		for mod, v := range versions {
			if strings.HasPrefix(p, mod+"/") {
				getArgs = append(getArgs, p+"@"+v) // the packages, so that go.sum covers their imports
			}
		}
	}
	getArgs = append(getArgs, "k8s.io/kube-openapi/cmd/openapi-gen@"+versions["k8s.io/kube-openapi"])
	goCmd(t, dir, env, getArgs...)
	out := goCmd(t, dir, env, "list", "-m", "-f", "{{.Path}} {{.Version}}", "k8s.io/api", "k8s.io/apimachinery", "k8s.io/kube-openapi")
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, v, _ := strings.Cut(line, " "); v != versions[path] {
			t.Fatalf("the temporary module resolved %s to %s, but validation-gen reads %s", path, v, versions[path])
		}
	}
	bin := filepath.Join(dir, "openapi-gen")
	goCmd(t, dir, env, "build", "-o", bin, "k8s.io/kube-openapi/cmd/openapi-gen")
	t.Logf("openapi-gen: module set up and built in %s", time.Since(start).Round(time.Millisecond))

	start = time.Now()
	args := append([]string{
		"--output-dir", filepath.Join(dir, "generated"),
		"--output-pkg", tmpModule + "/generated",
		"--output-file", "zz_generated.openapi.go",
		"--go-header-file", filepath.Join(dir, "empty.txt"),
		// A report file (not "-") keeps the API linter's known violations from failing the run.
		"--report-filename", filepath.Join(dir, "violations.report"),
	}, patterns...)
	run(t, dir, env, bin, args...)
	t.Logf("openapi-gen: generated in %s", time.Since(start).Round(time.Millisecond))

	start = time.Now()
	out = goCmd(t, dir, env, "run", "./dump")
	var defs map[string]any
	if err := json.Unmarshal(out, &defs); err != nil {
		t.Fatalf("decoding the definitions of openapi-gen: %v", err)
	}
	t.Logf("openapi-gen: %d definitions dumped in %s", len(defs), time.Since(start).Round(time.Millisecond))
	return defs
}

func goCmd(t *testing.T, dir string, env []string, args ...string) []byte {
	t.Helper()
	return run(t, dir, env, "go", args...)
}

// run runs a command and returns its standard output; it fails the test with the command's
// output when the command fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, tail(stdout.String()), tail(stderr.String()))
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

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// moduleRoot is the directory of this module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out := goCmd(t, ".", nil, "env", "GOMOD")
	return filepath.Dir(strings.TrimSpace(string(out)))
}
