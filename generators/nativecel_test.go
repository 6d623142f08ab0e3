package generators_test

import (
	"fmt"
	"go/format"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// TestNativeCELMatchesCEL proves the native fast path of CEL rules sound: the validators of
// testdata/cel/good (40 kinds, each with tricky rules) are generated twice, with and without the
// fast path, and random objects (create and update) must get exactly the same errors from both.
// The fast path only skips rules it proves true, so any difference is a translation bug.
func TestNativeCELMatchesCEL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a temporary module")
	}
	root := repoRoot(t)
	mod := t.TempDir()
	if err := tempmod.Write(root, behaviourModule, mod); err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}

	var kinds []string
	for _, variant := range []string{"native", "plain"} {
		dir := filepath.Join(mod, variant)
		copyTree(t, filepath.Join(root, "testdata", "cel", "good", "v1"), dir)
		prog, diags, err := loader.Load(dir, []string{"."})
		if err != nil || len(diags) > 0 {
			t.Fatalf("load: %v %s", err, diags.Error(dir))
		}
		u, diags := builder.Build(prog)
		if len(diags) > 0 {
			t.Fatal(diags.Error(dir))
		}
		kinds = kinds[:0]
		var stubs strings.Builder
		stubs.WriteString("package v1\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n\n")
		for _, d := range u.Definitions {
			if d.Input && d.Root != nil {
				kinds = append(kinds, d.GoName)
				fmt.Fprintf(&stubs, "func (in *%s) DeepCopyObject() runtime.Object { return in }\n", d.GoName)
			}
		}
		writeFile(t, filepath.Join(dir, "zz_stub_deepcopy.go"), gofmt(t, stubs.String()))
		out, diags, err := generators.Run(generators.Config{
			Dir: dir, Patterns: []string{"."}, OutputFile: "zz_generated.validations.go",
			Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, NoNativeCEL: variant == "plain"},
		})
		if err != nil || len(diags) > 0 {
			t.Fatalf("generate %s: %v %s", variant, err, diags.Error(dir))
		}
		if err := out.Write(); err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(kinds)
	if len(kinds) < 25 {
		t.Fatalf("only %d kinds in testdata/cel/good", len(kinds))
	}
	var cases strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&cases, "\t{%q, func(f *randfill.Filler, old bool) (field.ErrorList, field.ErrorList) {\n"+
			"\t\tvar a, ao native.%[1]s\n\t\tf.Fill(&a)\n\t\tf.Fill(&ao)\n\t\tvar b, bo plain.%[1]s\n\t\tconvert(&a, &b)\n\t\tconvert(&ao, &bo)\n"+
			"\t\tif !old {\n\t\t\treturn native.Validate_%[1]s(ctx, create, nil, &a, nil), plain.Validate_%[1]s(ctx, create, nil, &b, nil)\n\t\t}\n"+
			"\t\treturn native.Validate_%[1]s(ctx, update, nil, &a, &ao), plain.Validate_%[1]s(ctx, update, nil, &b, &bo)\n\t}},\n", k)
	}
	src := strings.ReplaceAll(nativeMain, "CASES", cases.String())
	writeFile(t, filepath.Join(mod, "native_test.go"), gofmt(t, src))
	if out, err := goCommand(mod, "test", "-count=1", "."); err != nil {
		t.Fatalf("native and CEL-only validators disagree (or did not build):\n%s", tidyOutput(string(out), mod))
	}
}

const nativeMain = `package behaviour_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/randfill"

	native "validationgen.test/behaviour/native"
	plain "validationgen.test/behaviour/plain"
)

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

func convert(from, to any) {
	b, err := json.Marshal(from)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(b, to); err != nil {
		panic(err)
	}
}

func render(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%s %s %q %s", e.Type, e.Field, e.Detail, e.Origin))
	}
	return out
}

var cases = []struct {
	kind string
	run  func(f *randfill.Filler, old bool) (field.ErrorList, field.ErrorList)
}{
CASES}

func TestNativeMatchesCEL(t *testing.T) {
	for _, c := range cases {
		for seed := int64(0); seed < 300; seed++ {
			f := randfill.NewWithSeed(seed).NilChance(0.3).NumElements(0, 3).MaxDepth(6).Funcs(
				func(s *string, c randfill.Continue) {
					choices := []string{"", "a", "abc", "Recreate", "RollingUpdate", "x-y", "1.2.3.4", "10.0.0.0/8", "https://example.com/p?q=1", "100m", "2Gi", "50%", ":latest", "v1.2.3"}
					*s = choices[c.Rand.Intn(len(choices))]
				},
				func(i *int32, c randfill.Continue) { *i = int32(c.Rand.Intn(21) - 10) },
				func(i *int64, c randfill.Continue) { *i = int64(c.Rand.Intn(21) - 10) },
				func(i *int, c randfill.Continue) { *i = c.Rand.Intn(21) - 10 },
			)
			for _, old := range []bool{false, true} {
				a, b := c.run(f, old)
				ra, rb := render(a), render(b)
				if fmt.Sprint(ra) != fmt.Sprint(rb) {
					t.Fatalf("%s seed %d update=%v:\nwith the native fast path: %q\nCEL only:                  %q", c.kind, seed, old, ra, rb)
				}
			}
		}
	}
}
`

func gofmt(t *testing.T, src string) []byte {
	t.Helper()
	b, err := format.Source([]byte(src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return b
}
