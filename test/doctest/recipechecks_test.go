package doctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// recipeChecks hold recipes to what their pages promise, beyond every command succeeding, so that
// an edit cannot make a recipe pass vacuously. Each gets the repository root, the recipe's
// directory after its last block, the last command's output and the recipe's blocks.
var recipeChecks = map[string]func(t *testing.T, root, dir, lastOut string, bs []block){
	"quickstart":    checkQuickstart,
	"usermodule":    checkUserModule,
	"outputpackage": checkOutputPackage,
	"dropin":        checkDropIn,
}

// recipeText joins a recipe's scripts, and its files by base name.
func recipeText(bs []block) (script string, files map[string]string) {
	var b strings.Builder
	files = map[string]string{}
	for _, s := range bs {
		switch s.Verb {
		case "run":
			b.WriteString(s.Content)
		case "file":
			files[filepath.Base(s.Arg)] += s.Content
		}
	}
	return b.String(), files
}

// codeGeneratorVersion is the k8s.io/code-generator version this repository builds with, which
// the recipes must install deepcopy-gen at.
func codeGeneratorVersion(t *testing.T, root string) string {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	cg := regexp.MustCompile(`(?m)^\s*k8s.io/code-generator (v\S+)`).FindSubmatch(gomod)
	if cg == nil {
		t.Fatal("go.mod does not require k8s.io/code-generator")
	}
	return string(cg[1])
}

// requireAll fails for each of want that s lacks.
func requireAll(t *testing.T, what, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

// The module of a recipe that generates: a go.mod with validation-gen as a tool, from the working
// tree until the module is published.
func checkToolSetup(t *testing.T, root, script string) {
	t.Helper()
	requireAll(t, "the recipe's scripts", script,
		"go mod init ",
		"go get -tool k8s.io/code-generator/cmd/deepcopy-gen@"+codeGeneratorVersion(t, root)+"\n",
		"go mod edit -require github.com/validation-gen/validation-gen@",
		`-replace github.com/validation-gen/validation-gen="$VALIDATION_GEN"`,
		"go mod edit -tool github.com/validation-gen/validation-gen/cmd/validation-gen\n",
		"go mod tidy",
		"go generate ./...\n",
		"go build ./... && go vet ./...\n")
}

// checkQuickstart: the README's five-minute recipe sets the module up, generates the three kinds
// of output, and builds them.
func checkQuickstart(t *testing.T, root, dir, _ string, bs []block) {
	script, files := recipeText(bs)
	checkToolSetup(t, root, script)
	requireAll(t, "the recipe's doc.go", files["doc.go"], "+groupName=", "//go:generate go tool deepcopy-gen ", "//go:generate go tool validation-gen ")
	requireAll(t, "the recipe's types.go", files["types.go"], "+validationRule=", "+maxLength=", "+minimum=")
	for _, pattern := range []string{"*/*/zz_generated.validations.go", "*/*/zz_generated.openapi.go", "crds/*.yaml", "openapi.json"} {
		if found, _ := filepath.Glob(filepath.Join(dir, pattern)); len(found) == 0 {
			t.Errorf("the recipe generated no %s", pattern)
		}
	}
}

// checkUserModule: the complete recipe of docs/getting-started/own-module.md, from an empty
// directory to a test that validates through a scheme, as issue 11 asked for it.
func checkUserModule(t *testing.T, root, dir, lastOut string, bs []block) {
	script, files := recipeText(bs)
	checkToolSetup(t, root, script)
	requireAll(t, "the recipe's scripts", script, "go test ./...\n")
	for file, want := range map[string][]string{
		"doc.go":             {"+groupName=", "//go:generate go tool deepcopy-gen ", "//go:generate go tool validation-gen "},
		"register.go":        {"SchemeGroupVersion", "AddToScheme"},
		"types.go":           {"+minimum=", "+maxLength=", "+validationRule=", "+listType=map", "+optional"},
		"validation_test.go": {"RegisterValidations", "runtime.NewScheme()", ".Field"},
	} {
		requireAll(t, "the recipe's "+file, files[file], want...)
	}
	// The last command is go test ./...: it must have run the module's test, not found none.
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatalf("the new go.mod has no module line:\n%s", mod)
	}
	if !okLine(lastOut, string(m[1])) {
		t.Errorf("the last command ran no test of %s:\n%s", m[1], lastOut)
	}
	if found, _ := filepath.Glob(filepath.Join(dir, "*", "*", "zz_generated.validations.go")); len(found) == 0 {
		t.Errorf("no zz_generated.validations.go was generated")
	}
}

// checkOutputPackage: the types package of docs/guides/output-packages.md holds no generated
// validators and imports nothing of validation; the output package's test ran.
func checkOutputPackage(t *testing.T, root, dir, lastOut string, bs []block) {
	_, files := recipeText(bs)
	requireAll(t, "the recipe's output package doc.go", files["doc.go"],
		"+k8s:validation-gen-input=example.com/widgets/api/v1", "+k8s:validation-gen-scheme-registry=", "localSchemeBuilder")
	if !okLine(lastOut, "example.com/widgets/validation/v1") {
		t.Errorf("the last command ran no test of example.com/widgets/validation/v1:\n%s", lastOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "validation", "v1", "zz_generated.validations.go")); err != nil {
		t.Errorf("no validators in the output package: %v", err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "api", "v1"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if got := strings.Join(names, " "); got != "doc.go types.go zz_generated.deepcopy.go" {
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

// checkDropIn: docs/getting-started/from-controller-gen.md's project on an older Kubernetes gets
// its CRDs from a validation-gen built outside the module, and its go.mod neither requires
// validation-gen nor changes its k8s.io versions (the recipe's own go mod tidy -diff and go list -m
// check the rest); no Go file of validation-gen's is written.
func checkDropIn(t *testing.T, root, dir, _ string, bs []block) {
	script, _ := recipeText(bs)
	requireAll(t, "the recipe's scripts", script,
		"go get sigs.k8s.io/controller-runtime@v0.20.4\n",
		`go -C "$VALIDATION_GEN" build -o "$PWD/bin/validation-gen" ./cmd/validation-gen`,
		`bin/validation-gen --output-file "" --openapi-output-file "" --crd-dir config/crd/bases ./api/...`,
		"go mod tidy -diff\n")
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(mod), "validation-gen") {
		t.Errorf("the project's go.mod names validation-gen:\n%s", mod)
	}
	if !regexp.MustCompile(`(?m)^\s*k8s.io/apimachinery v0\.32\.`).Match(mod) {
		t.Errorf("the project's go.mod no longer requires k8s.io/apimachinery v0.32:\n%s", mod)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "webapp.example.com_guestbooks.yaml")); err != nil {
		t.Errorf("no CRD: %v", err)
	}
	for _, pattern := range []string{"api/v1/zz_generated.validations.go", "api/v1/zz_generated.openapi.go"} {
		if found, _ := filepath.Glob(filepath.Join(dir, pattern)); len(found) > 0 {
			t.Errorf("validation-gen wrote %s", pattern)
		}
	}
}
