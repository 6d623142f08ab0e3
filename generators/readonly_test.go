package generators_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
)

// TestReadOnly runs the output-package case of the golden folders (types/ and validation/, whose
// doc.go names types/ in +k8s:validation-gen-input) and checks where files go: the validators of
// types/ into validation/, nothing into types/ (named as input, or by --readonly-pkg), and nothing
// at all when the output package itself is read-only.
func TestReadOnly(t *testing.T) {
	dir := absDir(t, filepath.Join(tagsDir, "validationgeninput"))
	for _, c := range []struct {
		name               string
		patterns, readOnly []string
		want               []string
	}{
		{"both packages", []string{"./..."}, nil, []string{"validation/zz_generated.validations.go"}},
		{"the output package only", []string{"./validation"}, nil, []string{"validation/zz_generated.validations.go"}},
		{"types read-only by flag", []string{"./types"}, []string{"./types"}, nil},
		{"types by import path", []string{"./types"}, []string{"github.com/validation-gen/validation-gen/testdata/tags/validationgeninput/..."}, nil},
		{"types without the flag", []string{"./types"}, nil, []string{"types/zz_generated.openapi.go", "types/zz_generated.validations.go"}},
		{"output package read-only", []string{"./..."}, []string{"./validation"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, diags, err := generators.Run(generators.Config{
				Dir: dir, Patterns: c.patterns, ReadOnly: c.readOnly,
				OutputFile: "zz_generated.validations.go", OpenAPIOutputFile: "zz_generated.openapi.go",
				// (OpenAPIAllTypes: types/ has no +k8s:openapi-gen=true; this test is about where files go.)
				Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, OpenAPIAllTypes: true},
			})
			if err != nil || out == nil { // types/ alone warns that it lacks its hand-written function
				t.Fatalf("err %v, diagnostics:\n%s", err, diags.Error(dir))
			}
			var got []string
			for _, f := range out.Files() {
				rel, _ := filepath.Rel(dir, f.Path)
				got = append(got, filepath.ToSlash(rel))
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("outputs %q, want %q", got, c.want)
			}
			for _, f := range out.Files() {
				if !strings.HasSuffix(f.Path, filepath.Join("validation", "zz_generated.validations.go")) {
					continue
				}
				// The output package's +k8s:validation-gen gives the types upstream's semantics before
				// their tags apply: the alpha level and the output package's hand-written validator.
				for _, want := range []string{
					"func Validate_Widget(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *types.Widget) field.ErrorList",
					"validate.Immutable(ctx, op, nil, v, old).MarkShortCircuit()).MarkAlpha()", "ValidateCustom_Widget_Owner(ctx, op, nil, v, old)",
				} {
					if !strings.Contains(string(f.Content), want) {
						t.Errorf("the output package's validators lack %s:\n%s", want, f.Content)
					}
				}
			}
		})
	}
}
