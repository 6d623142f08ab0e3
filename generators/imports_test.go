package generators_test

import (
	"bytes"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
)

// TestCELRuntimeOnlyWhenNeeded: generated validators import the CEL runtime (genruntime/celrt,
// which brings cel-go and the Kubernetes CEL libraries) only in packages with CEL rules, so that
// a types package without rules stays light for its clients (issue 11).
func TestCELRuntimeOnlyWhenNeeded(t *testing.T) {
	for _, c := range []struct {
		dir  string
		want bool
	}{
		{"../testdata/tags/maxlength", false},
		{"../testdata/tags/validationrule", true},
	} {
		out, diags, err := generators.Run(generators.Config{Dir: absDir(t, c.dir), Patterns: []string{"."},
			OutputFile: "zz_generated.validations.go", Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
		if err != nil || len(diags) > 0 {
			t.Fatalf("%s: %v %v", c.dir, err, diags)
		}
		files := out.Files()
		if len(files) != 1 {
			t.Fatalf("%s: %d outputs, want the validators", c.dir, len(files))
		}
		got := bytes.Contains(files[0].Content, []byte(`"github.com/validation-gen/validation-gen/genruntime/celrt"`))
		if got != c.want {
			t.Errorf("%s: imports genruntime/celrt = %v, want %v", c.dir, got, c.want)
		}
	}
}
