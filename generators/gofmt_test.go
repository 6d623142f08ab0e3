package generators_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// TestGofmtUnstableRule: a type's rule continued on an indented line, as written before gofmt
// runs (testdata/errors/gofmtunstable has the form gofmt leaves). gofmt would turn the line into a
// code block and change the rule, so the generator refuses it at the line.
func TestGofmtUnstableRule(t *testing.T) {
	dir := t.TempDir()
	if err := tempmod.Write(repoRoot(t), "validationgen.test/gofmt", dir); err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	src := "package api\n\n// Args are arguments.\n// +validationRule=`self.all(a,\n//   a.size() <= 1024)`,message=\"too long\"\ntype Args []string\n\n" +
		"// Spec uses Args.\ntype Spec struct {\n\tArgs Args `json:\"args,omitempty\"`\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"."}, OpenAPIOutputFile: "zz_generated.openapi.go",
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
	if err != nil {
		t.Fatal(err)
	}
	got := diags.Error(dir)
	if want := "types.go:5:4: +validationRule: gofmt rewrites"; !strings.HasPrefix(got, want) || len(diags) != 1 {
		t.Errorf("diagnostics:\n%s\nwant one starting with %q", got, want)
	}
}
