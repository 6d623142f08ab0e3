// Package runtimemin holds the generated validators to the oldest k8s.io/apimachinery they claim to
// build with (validators.MinAPIMachinery, which the generator checks a module against before it
// writes validators into it): genruntime, genruntime/celnative and the committed generated code of
// examples/api, copied into a module that requires k8s.io/apimachinery at that version and nothing
// newer, build; at the latest release of the minor before,
// they do not, so the claim is the lowest true one. The cel-go fallback (genruntime/celrt) is left
// out: it needs k8s.io/apiserver's CEL libraries and the generator's CEL environment, and so the
// generator's own module. It runs only when VALIDATION_GEN_RUNTIME_MIN=1 (it fetches two Kubernetes
// releases through the module proxy and compiles each).
package runtimemin

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/semver"

	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

const self = "github.com/validation-gen/validation-gen"

func TestRuntimeMinimum(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_RUNTIME_MIN") != "1" {
		t.Skip("set VALIDATION_GEN_RUNTIME_MIN=1: fetches and compiles two Kubernetes releases")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	min := validators.MinAPIMachinery
	if out, err := build(t, root, min); err != nil {
		t.Fatalf("at k8s.io/apimachinery %s, which validators.MinAPIMachinery names, the runtime and the generated validators do not build:\n%s", min, out)
	}
	before := latestOfMinor(t, root, previousMinor(t, min))
	out, err := build(t, root, before)
	if err == nil {
		t.Fatalf("at k8s.io/apimachinery %s, the release before %s, the runtime and the generated validators build: "+
			"validators.MinAPIMachinery claims a newer minimum than they need; lower it", before, min)
	}
	t.Logf("at %s, as expected, they do not build:\n%s", before, lastLines(out, 12))
}

// build copies the runtime and the generated example packages into a new module whose
// k8s.io/apimachinery is at version, checks that go mod tidy keeps it there, and builds it.
func build(t *testing.T, root, version string) (string, error) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	keep := func(p string, d fs.DirEntry) bool {
		return strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") &&
			!strings.Contains(filepath.ToSlash(p), "/equivalencecases/") // they call the harness, not the runtime
	}
	tempmod.CopyFiles(t, filepath.Join(root, "genruntime"), filepath.Join(dir, "genruntime"), func(p string, d fs.DirEntry) bool {
		return keep(p, d) && !strings.Contains(filepath.ToSlash(p), "/celrt/")
	})
	tempmod.CopyFiles(t, filepath.Join(root, "examples", "api"), filepath.Join(dir, "examples", "api"), keep)
	goVersion := strings.TrimSpace(string(tempmod.Go(t, root, "list", "-m", "-f", "{{.GoVersion}}")))
	tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), []byte("module "+self+"\n\ngo "+goVersion+"\n"))
	tempmod.Go(t, dir, "get", "k8s.io/apimachinery@"+version)
	tempmod.Go(t, dir, "mod", "tidy")
	if got := strings.TrimSpace(string(tempmod.Go(t, dir, "list", "-m", "-f", "{{.Version}}", "k8s.io/apimachinery"))); got != version {
		t.Fatalf("go mod tidy put k8s.io/apimachinery at %s, not %s: the test no longer measures %s", got, version, version)
	}
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// previousMinor is v0.(N-1) of v0.N.P.
func previousMinor(t *testing.T, v string) string {
	t.Helper()
	major, minor, _ := strings.Cut(strings.TrimPrefix(semver.MajorMinor(v), "v"), ".")
	n, err := strconv.Atoi(minor)
	if err != nil || n == 0 {
		t.Fatalf("no minor before %s", v)
	}
	return "v" + major + "." + strconv.Itoa(n-1)
}

// latestOfMinor is the newest k8s.io/apimachinery release of a minor (v0.36), pre-releases aside.
func latestOfMinor(t *testing.T, dir, minor string) string {
	t.Helper()
	fields := strings.Fields(string(tempmod.Go(t, dir, "list", "-m", "-versions", "k8s.io/apimachinery")))
	latest := ""
	for _, v := range fields[1:] {
		if semver.MajorMinor(v) == minor && semver.Prerelease(v) == "" && (latest == "" || semver.Compare(v, latest) > 0) {
			latest = v
		}
	}
	if latest == "" {
		t.Fatalf("no k8s.io/apimachinery release of %s", minor)
	}
	return latest
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
