package usermodule

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestREADMEOutputPackage follows the README's "Validators in a separate output package" to the
// letter, in a new module outside the repository, as TestREADMEUserModule does for its section.
// Then the types package must hold no generated validators and import nothing of validation, and
// the output package's test must have run.
func TestREADMEOutputPackage(t *testing.T) {
	root, ss := readmeSteps(t, "outputpackage")
	var doc string
	for _, s := range ss {
		if s.File == "validation/v1/doc.go" {
			doc = s.Content
		}
	}
	for _, want := range []string{"+k8s:validation-gen-input=example.com/widgets/api/v1", "+k8s:validation-gen-scheme-registry=", "localSchemeBuilder"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the README's output package doc.go lacks %q", want)
		}
	}
	dir, lastOut := runRecipe(t, root, "widgets", ss)

	if !regexp.MustCompile(`(?m)^ok\s+example.com/widgets/validation/v1\b`).MatchString(lastOut) {
		t.Errorf("the last command ran no test of example.com/widgets/validation/v1:\n%s", lastOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "validation", "v1", "zz_generated.validations.go")); err != nil {
		t.Errorf("no validators in the output package: %v", err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "api", "v1"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	sort.Strings(files)
	if got := strings.Join(files, " "); got != "doc.go types.go zz_generated.deepcopy.go" {
		t.Errorf("the types package holds %s; want doc.go types.go zz_generated.deepcopy.go (nothing from validation-gen)", got)
	}
	// Its dependencies are its own imports' (metav1 and runtime, for deepcopy), and nothing else.
	deps := func(pkgs ...string) map[string]bool {
		cmd := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", strings.Join(pkgs, " "), err, out)
		}
		m := map[string]bool{}
		for _, d := range strings.Fields(string(out)) {
			m[d] = true
		}
		return m
	}
	base := deps("k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime")
	var extra []string
	for d := range deps("./api/v1") {
		if !base[d] && d != "example.com/widgets/api/v1" {
			extra = append(extra, d)
		}
	}
	sort.Strings(extra)
	if len(extra) > 0 {
		t.Errorf("the types package depends on more than metav1 and runtime do: %s", strings.Join(extra, " "))
	}
}
