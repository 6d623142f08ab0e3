package generators_test

import (
	"bytes"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
)

// TestCELRuntimeOnlyWhenNeeded: generated validators import the CEL runtime (genruntime/celrt,
// which brings cel-go and the Kubernetes CEL libraries) only in packages with CEL rules that run
// in cel-go, so that a types package without rules, or whose rules all compile to Go, stays light
// for its clients (issues 11 and 12). Rules compiled to Go call genruntime/celnative, which has no
// CEL dependency (its own test checks that).
func TestCELRuntimeOnlyWhenNeeded(t *testing.T) {
	for _, c := range []struct {
		dir        string
		want       bool
		wantNative bool
	}{
		{"../testdata/tags/maxlength", false, false},
		{"../testdata/tags/validationrule", true, true}, // some rules exceed the cost CEL can bound
		{"../testdata/tags/recursiverule", false, true}, // all rules compile
		{"../testdata/tags/aliaschain", false, true},    // all rules compile
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
		for _, heavy := range []string{`"github.com/google/cel-go/`, `"k8s.io/apiserver/`, `"k8s.io/apiextensions-apiserver/`} {
			if bytes.Contains(files[0].Content, []byte(heavy)) {
				t.Errorf("%s: the validators import %s...", c.dir, heavy)
			}
		}
		native := bytes.Contains(files[0].Content, []byte(`"github.com/validation-gen/validation-gen/genruntime/celnative"`))
		if native != c.wantNative {
			t.Errorf("%s: imports genruntime/celnative = %v, want %v", c.dir, native, c.wantNative)
		}
	}
}
