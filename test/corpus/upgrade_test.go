package corpus

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/mod/semver"

	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// controllerRuntime is the controller-runtime release built on the Kubernetes version the generated
// validators need (validators.MinAPIMachinery): checkControllerRuntime holds it to that.
const controllerRuntime, controllerRuntimeModule = "v0.25.2", "sigs.k8s.io/controller-runtime"

// upgrade does to the project's copy (mod, which already requires this module and so builds with
// its k8s.io modules) what docs/getting-started/from-controller-gen.md#your-modules-dependencies
// tells a controller-runtime project that wants the Go validators: Kubernetes' modules and
// controller-runtime move together, so a controller-runtime older than the release of the
// validators' Kubernetes version is raised to that release. Then the project's own code gets the
// edits the new controller-runtime asks of it (p.upgrade), each still needed: the project's
// packages report its diagnostic before it.
func upgrade(t *testing.T, mod string, p project) {
	cur := required(t, mod, controllerRuntimeModule)
	if cur == "" || semver.Compare(cur, controllerRuntime) >= 0 {
		if len(p.upgrade) > 0 {
			t.Fatalf("edits for controller-runtime %s, but the project is on %q", controllerRuntime, cur)
		}
		return
	}
	checkControllerRuntime(t, mod)
	tempmod.Go(t, mod, "get", controllerRuntimeModule+"@"+controllerRuntime)
	t.Logf("controller-runtime %s raised to %s, as the docs tell a user who wants the validators", cur, controllerRuntime)
	if len(p.upgrade) == 0 {
		return
	}
	out, _ := goCmd(mod, append([]string{"build"}, p.patterns()...)...)
	for _, e := range p.upgrade {
		re := glob(e.diag)
		found := false
		for _, line := range strings.Split(out, "\n") {
			found = found || re.MatchString(line)
		}
		if !found {
			t.Errorf("edit of %s for controller-runtime %s is no longer needed: the project's packages do not report %q; remove it\n%s",
				e.file, controllerRuntime, e.diag, out)
		}
	}
	for _, f := range applyEdits(t, mod, p.dirs, p.upgrade) {
		t.Logf("%s edited for controller-runtime %s", f, controllerRuntime)
	}
}

// required is the version of module that mod's go.mod requires ("" when it does not).
func required(t *testing.T, mod, module string) string {
	var gomod struct {
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal(tempmod.Go(t, mod, "mod", "edit", "-json"), &gomod); err != nil {
		t.Fatal(err)
	}
	for _, r := range gomod.Require {
		if r.Path == module {
			return r.Version
		}
	}
	return ""
}

// checkControllerRuntime fails unless controllerRuntime's go.mod requires the minor of
// k8s.io/apimachinery that validators.MinAPIMachinery names: the release to move to is the one
// built on the validators' Kubernetes version, not merely a newer one.
func checkControllerRuntime(t *testing.T, dir string) {
	var info struct{ GoMod string }
	if err := json.Unmarshal(tempmod.Go(t, dir, "mod", "download", "-json", controllerRuntimeModule+"@"+controllerRuntime), &info); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(info.GoMod)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*k8s\.io/apimachinery (v\S+)`).FindSubmatch(data)
	if m == nil || semver.MajorMinor(string(m[1])) != semver.MajorMinor(validators.MinAPIMachinery) {
		t.Fatalf("controller-runtime %s is not built on k8s.io/apimachinery %s (its go.mod: %q): update controllerRuntime",
			controllerRuntime, semver.MajorMinor(validators.MinAPIMachinery), m)
	}
}
