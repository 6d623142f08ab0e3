package generators

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/model"
)

func TestSelectedVersion(t *testing.T) {
	for _, c := range []struct{ out, want string }{
		{"k8s.io/apimachinery|v0.32.1|false\n", "v0.32.1"},
		{"k8s.io/apimachinery|v0.37.2|false", "v0.37.2"},
		// Replaced by another version of itself: that version is built.
		{"k8s.io/apimachinery|v0.32.1|false|k8s.io/apimachinery|v0.33.0\n", "v0.33.0"},
		// Kubernetes' own tree: a staging directory, whose version cannot be told.
		{"k8s.io/apimachinery|v0.0.0|false|./staging/src/k8s.io/apimachinery|\n", ""},
		// A fork: its versions are not apimachinery's.
		{"k8s.io/apimachinery|v0.32.1|false|example.com/fork/apimachinery|v1.2.3\n", ""},
		// apimachinery is the main module.
		{"k8s.io/apimachinery||true\n", ""},
		{"", ""},
		{"example.com/other|v1.0.0|false\n", ""},
	} {
		if got := selectedVersion("k8s.io/apimachinery", c.out); got != c.want {
			t.Errorf("selectedVersion(%q) = %q, want %q", c.out, got, c.want)
		}
	}
}

// TestModuleVersion runs go list -m as moduleVersion does, in a module that replaces
// k8s.io/apimachinery by a directory (no version to tell) and in this repository (its own).
func TestModuleVersion(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.24\n\nrequire k8s.io/apimachinery v0.0.0\n\nreplace k8s.io/apimachinery => ./staging/apimachinery\n")
	write("staging/apimachinery/go.mod", "module k8s.io/apimachinery\n\ngo 1.24\n")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	if got := moduleVersion(dir, apimachinery); got != "" {
		t.Errorf("replaced by a directory: %q, want none", got)
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", apimachinery).Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := moduleVersion(".", apimachinery), string(out[:len(out)-1]); got != want || got == "" {
		t.Errorf("in this repository: %q, want %q", got, want)
	}
}

// TestMissingRequirements warns, in a module that requires neither this generator's module nor
// k8s.io/apimachinery, that the validators would not build there, with the commands that mend it;
// and says nothing in this repository, which is the generator's module and requires apimachinery.
func TestMissingRequirements(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOWORK", "off")
	p := &model.Package{Dir: dir}
	got := checkRuntimeVersion(dir, p, model.Options{}, "zz_generated.validations.go").Error(dir)
	want := "warning: the generated validators (zz_generated.validations.go) import github.com/validation-gen/validation-gen and " +
		"k8s.io/apimachinery, which this module does not require: go build would stop at \"no required module provides package\"; " +
		"require it as docs/getting-started/own-module.md does: go mod edit -require github.com/validation-gen/validation-gen@v0.0.0 " +
		"-replace github.com/validation-gen/validation-gen=<the generator's source directory>, and go get k8s.io/apimachinery@" +
		validators.MinAPIMachinery + ", then go mod tidy"
	if !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant it to hold\n%s", got, want)
	}
	if diags := checkRuntimeVersion(".", p, model.Options{}, "zz_generated.validations.go"); len(diags) > 0 {
		t.Errorf("in this repository: %s", diags.Error("."))
	}
}
