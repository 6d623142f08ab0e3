// Package celdiff is the differential test of CEL rules compiled to Go: packages of tagged Go
// types are generated twice in a temporary module, with rules compiled to Go where they can be
// ("native") and with every rule in cel-go ("plain", --no-native-cel), and random objects (create
// and update) must get exactly the same errors from both: type, field, detail, bad value and
// origin. The random values include what makes CEL fail: absent fields and keys, ints at the edges
// of int64 (overflow), zeros (division), multi-byte strings (sizes in code points), strings that
// are and are not of the formats CEL reads (durations, dates, date-times), times, int-or-strings.
//
// For a Source with Server set, the API server is the third party: each root kind's CRD (as the
// generator writes it) is validated as the API server validates custom resources, by
// apiextensions' CEL validator on the JSON of the object (decoded as the server decodes it, nulls
// of non-nullable fields dropped), and its errors must be those of the +validationRule rules of
// the generated validators (type, field, detail), on create.
//
// The generated module holds a Go fuzz target, FuzzNativeMatchesCEL, whose seeds run in every run
// with a deterministic sweep of 300 seeds per kind; VALIDATION_GEN_CELFUZZ=30s also fuzzes it for
// that long. Tests call Run: generators' TestNativeCELMatchesCEL over the repository's examples and
// testdata, test/celcorpus over a real project's published rules.
package celdiff

import (
	"fmt"
	"go/format"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// Source is a package of tagged Go types whose rules are compared.
type Source struct {
	Name string // a Go identifier, unique among the sources
	Dir  string // absolute
	// DeepCopy copies the package's own zz_generated.deepcopy.go (else DeepCopyObject stubs are
	// written for its root kinds).
	DeepCopy bool
	// Server compares the rules of its root kinds with the API server's CRD validation: only for
	// packages whose CRDs hold no rules but those of +validationRule.
	Server bool
	// Fixed: the package declares CELDiffObjects() map[string][]any, objects (pointers) by kind
	// name, which are checked on create besides the random ones.
	Fixed bool
	// AllocFree: the fixed objects are valid (no errors), and the package also declares
	// CELDiffAllocFree() []string, the kinds whose fixed objects must validate without allocating
	// (create and unchanged update, compiled to Go).
	AllocFree bool
	// Report, when set, receives the --cel-report of the package (rules compiled to Go or not).
	Report io.Writer
	// DangerousTypes accepts floats in the CRDs without a warning, as controller-gen's
	// crd:allowDangerousTypes=true does for the projects that have them.
	DangerousTypes bool
}

const module = "validationgen.test/celdiff"

var (
	validateFunc = regexp.MustCompile(`(?m)^func Validate_(\w+)\(`)
	crdKind      = regexp.MustCompile(`(?m)^    kind: (\w+)$`)
)

// Run runs the differential test over sources (root: the repository); every type with a
// validator is a case, and there must be at least minKinds.
func Run(t *testing.T, root string, sources []Source, minKinds int) {
	t.Helper()
	mod := t.TempDir()
	if err := tempmod.Write(root, module, mod); err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	type kind struct {
		pkg, name string
		server    bool
		fixed     bool
		allocFree bool // valid fixed objects, allocation-free for the kinds CELDiffAllocFree names
	}
	var kinds []kind
	var imports strings.Builder
	for _, src := range sources {
		var names []string
		for _, variant := range []string{"native", "plain"} {
			dir := filepath.Join(mod, variant, src.Name)
			copyGo(t, src.Dir, dir)
			if src.DeepCopy {
				tempmod.WriteFile(t, filepath.Join(dir, "zz_generated.deepcopy.go"), tempmod.ReadFile(t, filepath.Join(src.Dir, "zz_generated.deepcopy.go")))
			}
			prog, diags, err := loader.Load(dir, []string{"."})
			if err != nil || len(diags) > 0 {
				t.Fatalf("load %s: %v %s", src.Dir, err, diags.Error(dir))
			}
			u, diags := builder.Build(prog)
			if len(diags) > 0 {
				t.Fatal(diags.Error(dir))
			}
			var stubs strings.Builder
			fmt.Fprintf(&stubs, "package %s\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n\nvar _ runtime.Object\n\n", u.Packages[0].Name)
			for _, d := range u.Definitions {
				if d.Input && d.Root != nil && !src.DeepCopy {
					fmt.Fprintf(&stubs, "func (in *%s) DeepCopyObject() runtime.Object { return in }\n", d.GoName)
				}
			}
			tempmod.WriteFile(t, filepath.Join(dir, "zz_stub_deepcopy.go"), gofmt(t, stubs.String()))
			cfg := generators.Config{
				Dir: dir, Patterns: []string{"."}, OutputFile: "zz_generated.validations.go",
				Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, NoNativeCEL: variant == "plain"},
			}
			cfg.Options.CRD.AllowDangerousTypes = src.DangerousTypes
			if src.Server && variant == "plain" {
				cfg.CRDDir = filepath.Join(mod, "crds", src.Name)
			}
			if variant == "native" && src.Report != nil {
				cfg.CELReport = src.Report
			}
			out, diags, err := generators.Run(cfg)
			if err != nil || len(diags) > 0 {
				t.Fatalf("generate %s %s: %v %s", variant, src.Dir, err, diags.Error(dir))
			}
			if err := out.Write(); err != nil {
				t.Fatal(err)
			}
			if variant == "native" {
				generated, err := os.ReadFile(filepath.Join(dir, "zz_generated.validations.go"))
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range validateFunc.FindAllStringSubmatch(string(generated), -1) {
					names = append(names, m[1])
				}
			}
			fmt.Fprintf(&imports, "\t%s_%s %q\n", variant, src.Name, module+"/"+variant+"/"+src.Name)
		}
		sort.Strings(names)
		crdKinds := map[string]bool{}
		if src.Server {
			files, _ := filepath.Glob(filepath.Join(mod, "crds", src.Name, "*.yaml"))
			for _, f := range files {
				if m := crdKind.FindSubmatch(tempmod.ReadFile(t, f)); m != nil {
					crdKinds[string(m[1])] = true
				}
			}
			if len(crdKinds) == 0 {
				t.Fatalf("%s: no CRD written", src.Dir)
			}
		}
		for _, n := range names {
			kinds = append(kinds, kind{src.Name, n, crdKinds[n], src.Fixed && crdKinds[n], src.AllocFree && crdKinds[n]})
		}
	}
	if len(kinds) < minKinds {
		t.Fatalf("only %d kinds with validators, want at least %d", len(kinds), minKinds)
	}
	var cases strings.Builder
	for _, k := range kinds {
		server := "nil"
		if k.server {
			server = fmt.Sprintf("server(%q, %q)", k.pkg, k.name)
		}
		fixed := "nil"
		if k.fixed {
			valid, allocFree := "false", "false"
			if k.allocFree {
				valid = "true"
				allocFree = fmt.Sprintf("slices.Contains(native_%s.CELDiffAllocFree(), %q)", k.pkg, k.name)
			}
			fixed = fmt.Sprintf("func() (out []fixedRun) {\n"+
				"\t\tfor _, o := range native_%[1]s.CELDiffObjects()[%[2]q] {\n"+
				"\t\t\ta := o.(*native_%[1]s.%[2]s)\n\t\t\tvar b plain_%[1]s.%[2]s\n\t\t\tconvert(a, &b)\n"+
				"\t\t\tvar ao native_%[1]s.%[2]s\n\t\t\tconvert(a, &ao)\n"+
				"\t\t\tout = append(out, fixedRun{native_%[1]s.Validate_%[2]s(ctx, create, nil, a, nil), plain_%[1]s.Validate_%[2]s(ctx, create, nil, &b, nil), &b,\n"+
				"\t\t\t\t%[4]s, %[3]s, func() (float64, float64) {\n"+
				"\t\t\t\t\treturn testing.AllocsPerRun(50, func() { native_%[1]s.Validate_%[2]s(ctx, create, nil, a, nil) }),\n"+
				"\t\t\t\t\t\ttesting.AllocsPerRun(50, func() { native_%[1]s.Validate_%[2]s(ctx, update, nil, a, &ao) })\n"+
				"\t\t\t\t}})\n"+
				"\t\t}\n\t\treturn out\n\t}", k.pkg, k.name, allocFree, valid)
		}
		fmt.Fprintf(&cases, "\t{%q, func(f *randfill.Filler, old bool) (field.ErrorList, field.ErrorList, any) {\n"+
			"\t\tvar a, ao native_%[2]s.%[3]s\n\t\tf.Fill(&a)\n\t\tf.Fill(&ao)\n\t\tvar b, bo plain_%[2]s.%[3]s\n\t\tconvert(&a, &b)\n\t\tconvert(&ao, &bo)\n"+
			"\t\tif !old {\n\t\t\treturn native_%[2]s.Validate_%[3]s(ctx, create, nil, &a, nil), plain_%[2]s.Validate_%[3]s(ctx, create, nil, &b, nil), &b\n\t\t}\n"+
			"\t\treturn native_%[2]s.Validate_%[3]s(ctx, update, nil, &a, &ao), plain_%[2]s.Validate_%[3]s(ctx, update, nil, &b, &bo), nil\n\t}, %[4]s, %[5]s},\n",
			k.pkg+"."+k.name, k.pkg, k.name, server, fixed)
	}
	src := strings.ReplaceAll(nativeMain, "CASES", cases.String())
	src = strings.ReplaceAll(src, "IMPORTS", imports.String())
	tempmod.WriteFile(t, filepath.Join(mod, "native_test.go"), gofmt(t, src))
	if out, err := goCommand(mod, "test", "-count=1", "."); err != nil {
		t.Fatalf("native and CEL-only validators disagree (or did not build):\n%s", strings.ReplaceAll(string(out), mod+string(filepath.Separator), ""))
	}
	if d := os.Getenv("VALIDATION_GEN_CELFUZZ"); d != "" {
		if out, err := goCommand(mod, "test", "-run", "XXX", "-fuzz", "FuzzNativeMatchesCEL", "-fuzztime", d, "."); err != nil {
			t.Fatalf("fuzzing found a disagreement:\n%s", strings.ReplaceAll(string(out), mod+string(filepath.Separator), ""))
		}
	}
}

func goCommand(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// copyGo copies the Go files of src (not generated ones) into dst.
func copyGo(t *testing.T, src, dst string) {
	t.Helper()
	tempmod.CopyFiles(t, src, dst, func(p string, d fs.DirEntry) bool {
		return strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") && !strings.HasPrefix(d.Name(), "zz_generated.")
	})
}

func gofmt(t *testing.T, src string) []byte {
	t.Helper()
	b, err := format.Source([]byte(src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return b
}

const nativeMain = `package celdiff_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"
	"time"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiservercel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"sigs.k8s.io/randfill"
	"sigs.k8s.io/yaml"

IMPORTS)

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
		bad, _ := json.Marshal(e.BadValue) // as the API would report it
		if len(bad) > 0 && (bad[0] == '{' || bad[0] == '[') {
			bad = []byte("<object>") // objects went through JSON (convert): only their kind can be compared
		}
		out = append(out, fmt.Sprintf("%s %s %q %s %s", e.Type, e.Field, e.Detail, bad, e.Origin))
	}
	return out
}

var _ = slices.Contains[[]string] // used when a package has allocation-free kinds

// fixedRun is a fixed object validated compiled to Go and in cel-go; allocs measures the
// allocations of its validation compiled to Go on create and on an unchanged update, which must
// be none when allocFree.
type fixedRun struct {
	native, plain field.ErrorList
	obj           any
	valid         bool // the object is valid: no errors
	allocFree     bool
	allocs        func() (create, update float64)
}

var cases = []struct {
	kind   string
	run    func(f *randfill.Filler, old bool) (native, plain field.ErrorList, obj any)
	server func(obj any) field.ErrorList
	fixed  func() []fixedRun
}{
CASES}

// crd is a root kind's CRD as the API server validates its objects.
type crd struct {
	apiVersion string
	ss         *structuralschema.Structural
	validator  *apiservercel.Validator
}

var crds = map[string]*crd{}

// server returns the API server's validation of the rules of a root kind, from its CRD.
func server(pkg, kind string) func(obj any) field.ErrorList {
	files, err := filepath.Glob(filepath.Join("crds", pkg, "*.yaml"))
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		var c apiextv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(data, &c); err != nil {
			panic(err)
		}
		if c.Spec.Names.Kind != kind {
			continue
		}
		v := c.Spec.Versions[0]
		var internal apiextensions.JSONSchemaProps
		if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, &internal, nil); err != nil {
			panic(err)
		}
		ss, err := structuralschema.NewStructural(&internal)
		if err != nil {
			panic(err)
		}
		k := &crd{apiVersion: c.Spec.Group + "/" + v.Name, ss: ss, validator: apiservercel.NewValidator(ss, true, celconfig.PerCallLimit)}
		return func(obj any) field.ErrorList {
			b, err := json.Marshal(obj)
			if err != nil {
				panic(err)
			}
			var u map[string]any
			if err := utiljson.Unmarshal(b, &u); err != nil {
				panic(err)
			}
			u["apiVersion"], u["kind"] = k.apiVersion, kind
			structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u, k.ss)
			errs, _ := k.validator.Validate(ctx, nil, k.ss, u, nil, celconfig.RuntimeCELCostBudget)
			return errs
		}
	}
	panic("no CRD for " + kind)
}

// rules renders errors for the comparison with the API server: those of +validationRule rules
// (the server validates no other rule here), without origin or value, sorted (the server walks
// properties in map order).
func rules(errs field.ErrorList, ours bool) []string {
	var out []string
	for _, e := range errs {
		if ours && e.Origin != "validationRule" {
			continue
		}
		f := e.Field
		if f == "<nil>" { // the root, as the server's nil path spells it
			f = ""
		}
		out = append(out, fmt.Sprintf("%s %s %q", e.Type, f, e.Detail))
	}
	sort.Strings(out)
	return out
}

var (
	strs = []string{"", "a", "abc", "A", "Recreate", "RollingUpdate", "x-y", "1.2.3.4", "10.0.0.0/8", "https://example.com/p?q=1",
		"100m", "2Gi", "50%", ":latest", "v1.2.3", "héllo", "日本語", " x", "a1", "Low", "High", "Done", "reserved",
		"1h", "30s", "1h2m3s4ms", "-1.5h", "1d", "1997-07-16", "2024-02-29", "1997-07-16T19:20:30Z", "2024-02-29T00:00:00.5+01:00", "80", "80%"}
	ints = []int64{0, 1, 2, 3, 5, 10, 11, -1, -10, 1024, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}
)

func filler(seed int64) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.3).NumElements(0, 3).MaxDepth(6).Funcs(
		func(s *string, c randfill.Continue) { *s = strs[c.Rand.Intn(len(strs))] },
		func(i *int32, c randfill.Continue) {
			if c.Rand.Intn(8) == 0 {
				*i = int32(ints[c.Rand.Intn(len(ints))])
				return
			}
			*i = int32(c.Rand.Intn(21) - 10)
		},
		func(i *int64, c randfill.Continue) {
			if c.Rand.Intn(4) == 0 {
				*i = ints[c.Rand.Intn(len(ints))]
				return
			}
			*i = int64(c.Rand.Intn(21) - 10)
		},
		func(i *int, c randfill.Continue) { *i = c.Rand.Intn(21) - 10 },
		func(tm *metav1.Time, c randfill.Continue) {
			if c.Rand.Intn(4) == 0 {
				*tm = metav1.Time{}
				return
			}
			*tm = metav1.NewTime(time.Unix(c.Rand.Int63n(4e9), int64(c.Rand.Intn(3))*5e8).In(time.FixedZone("x", 3600)))
		},
		func(d *metav1.Duration, c randfill.Continue) { d.Duration = time.Duration(c.Rand.Int63n(1e13)) },
		func(q *resource.Quantity, c randfill.Continue) {
			*q = resource.MustParse([]string{"0", "1", "100m", "1.5Gi", "2e3", "64Mi", "1Gi"}[c.Rand.Intn(7)])
		},
		func(x *intstr.IntOrString, c randfill.Continue) {
			if c.Rand.Intn(2) == 0 {
				*x = intstr.FromInt32(int32(c.Rand.Intn(200) - 20))
			} else {
				*x = intstr.FromString(strs[c.Rand.Intn(len(strs))])
			}
		},
		func(x *runtime.RawExtension, c randfill.Continue) { // free-form JSON (preserve-unknown fields)
			x.Raw = []byte([]string{"{}", "{\"a\":1}", "{\"b\":[\"x\"]}"}[c.Rand.Intn(3)])
		},
	)
}

func check(t *testing.T, k int, seed int64, old bool) {
	c := cases[k]
	a, b, obj := c.run(filler(seed), old)
	ra, rb := render(a), render(b)
	if fmt.Sprint(ra) != fmt.Sprint(rb) {
		t.Fatalf("%s seed %d update=%v:\ncompiled to Go: %q\ncel-go only:    %q", c.kind, seed, old, ra, rb)
	}
	if c.server != nil && obj != nil {
		if ours, theirs := rules(b, true), rules(c.server(obj), false); fmt.Sprint(ours) != fmt.Sprint(theirs) {
			t.Fatalf("%s seed %d (create):\nvalidators:  %q\nAPI server:  %q\nobject: %s", c.kind, seed, ours, theirs, mustJSON(obj))
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestFixedObjects checks the fixed objects of the packages that have them.
func TestFixedObjects(t *testing.T) {
	for _, c := range cases {
		if c.fixed == nil {
			continue
		}
		for i, r := range c.fixed() {
			ra, rb := render(r.native), render(r.plain)
			if fmt.Sprint(ra) != fmt.Sprint(rb) {
				t.Errorf("%s object %d:\ncompiled to Go: %q\ncel-go only:    %q", c.kind, i, ra, rb)
			}
			if ours, theirs := rules(r.plain, true), rules(c.server(r.obj), false); fmt.Sprint(ours) != fmt.Sprint(theirs) {
				t.Errorf("%s object %d:\nvalidators:  %q\nAPI server:  %q\nobject: %s", c.kind, i, ours, theirs, mustJSON(r.obj))
			}
			if r.valid && len(r.native) > 0 {
				t.Errorf("%s object %d is not valid: %q", c.kind, i, ra)
				continue
			}
			if r.allocFree {
				if create, update := r.allocs(); create != 0 || update != 0 {
					t.Errorf("%s object %d: %v allocations on create, %v on an unchanged update; want none", c.kind, i, create, update)
				}
			}
		}
	}
}

func TestNativeMatchesCEL(t *testing.T) {
	for k := range cases {
		for seed := int64(0); seed < 300; seed++ {
			for _, old := range []bool{false, true} {
				check(t, k, seed, old)
			}
		}
	}
}

func FuzzNativeMatchesCEL(f *testing.F) {
	for k := range cases {
		f.Add(uint16(k), int64(k), k%2 == 0)
	}
	f.Fuzz(func(t *testing.T, k uint16, seed int64, old bool) {
		check(t, int(k)%len(cases), seed, old)
	})
}
`
