// Package shapes holds the shape matrix test: every Go type shape an API struct can legally
// hold, crossed with every tag, through the whole generator and the Go toolchain.
package shapes_test

import (
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/model"
)

// The shape matrix: every Go type shape an API struct can legally hold, crossed with every tag.
// For each (shape × tag) the generator must either emit code that compiles, vets and runs without
// panicking, or refuse with a diagnostic positioned at the field ("compile or refuse"). Nothing
// else is acceptable: exit status 0 with code that does not compile is the worst bug a code
// generator can have.
//
// Each shape is one package (<shape>/v1) holding one root kind, Kind, with one field per tag. The
// generator runs over all packages with every output on (Go definitions, validators, JSON
// document, CRDs). A diagnostic is attributed to the field on whose lines it stands; fields that
// get one are refused and taken out, and the generator runs again over what is left, until a run
// is clean (so an error in one field never hides another field's). The accepted fields are then
// built, vetted, and run: random objects (sigs.k8s.io/randfill) through Validate_Kind on create,
// on update against another random object, and on update against themselves.
//
// SHAPES_DIR=dir builds the module in dir (empty or absent) and leaves it there.

// shape is one Go type shape: the field's type, the declarations it needs, its imports, and a
// value for +default (empty: the shape has none to offer).
type shape struct {
	name, typ string
	// embed names the struct type embedded with json:",inline" (typ is then "" or "*").
	embed   string
	decls   string
	imports []string
	def     string
}

var shapeDecls = `
// Item is a struct element.
type Item struct {
	Name  string  ` + "`json:\"name\"`" + `
	Value *string ` + "`json:\"value,omitempty\"`" + `
}

// Name is a named string.
type Name string

// Alias is an alias chain to a named string.
type Alias = Name

// Key is a named map key.
type Key string

// Box is a generic struct.
type Box[T any] struct {
	Value T ` + "`json:\"value\"`" + `
}

// Color is an enum.
// +enum
type Color string

const (
	Red  Color = "red"
	Blue Color = "blue"
)
`

const (
	metav1    = `metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"`
	resource  = `"k8s.io/apimachinery/pkg/api/resource"`
	intstr    = `"k8s.io/apimachinery/pkg/util/intstr"`
	runtimeIm = `"k8s.io/apimachinery/pkg/runtime"`
)

var shapes = []shape{
	{name: "string", typ: "string", def: `"a"`},
	{name: "ptrstring", typ: "*string", def: `"a"`},
	{name: "ptrptrstring", typ: "**string"},
	{name: "int32", typ: "int32", def: "2"},
	{name: "ptrint32", typ: "*int32", def: "2"},
	{name: "int64", typ: "int64", def: "2"},
	{name: "uint8", typ: "uint8", def: "2"},
	{name: "float64", typ: "float64", def: "2"},
	{name: "float32", typ: "float32", def: "2"},
	{name: "bool", typ: "bool", def: "true"},
	{name: "bytes", typ: "[]byte"},
	{name: "named", typ: "Name", def: `"a"`},
	{name: "alias", typ: "Alias", def: `"a"`},
	{name: "enum", typ: "Color", def: `"red"`},
	{name: "slice", typ: "[]string"},
	{name: "sliceptr", typ: "[]*string"},
	{name: "ptrslice", typ: "*[]string"},
	{name: "array", typ: "[2]string"},
	{name: "map", typ: "map[string]string"},
	{name: "mapptr", typ: "map[string]*string"},
	{name: "mapnamedkey", typ: "map[Key]string"},
	{name: "struct", typ: "Item"},
	{name: "ptrstruct", typ: "*Item"},
	{name: "ptrptrstruct", typ: "**Item"},
	{name: "slicestruct", typ: "[]Item"},
	{name: "slicestructptr", typ: "[]*Item"},
	{name: "arraystruct", typ: "[2]Item"},
	{name: "mapstruct", typ: "map[string]Item"},
	{name: "mapstructptr", typ: "map[string]*Item"},
	{name: "generic", typ: "Box[string]"},
	{name: "genericstruct", typ: "Box[Item]"},
	{name: "ptrgeneric", typ: "*Box[Item]"},
	{name: "anon", typ: "struct {\n\t\tX string `json:\"x\"`\n\t}"},
	{name: "ptranon", typ: "*struct {\n\t\tX string `json:\"x\"`\n\t}"},
	{name: "inline", embed: "Base"},
	{name: "inlineptr", typ: "*", embed: "PBase"},
	{name: "time", typ: "metav1.Time", imports: []string{metav1}},
	{name: "ptrtime", typ: "*metav1.Time", imports: []string{metav1}},
	{name: "duration", typ: "metav1.Duration", imports: []string{metav1}},
	{name: "quantity", typ: "resource.Quantity", imports: []string{resource}, def: `"1"`},
	{name: "ptrquantity", typ: "*resource.Quantity", imports: []string{resource}},
	{name: "intorstring", typ: "intstr.IntOrString", imports: []string{intstr}},
	{name: "ptrintorstring", typ: "*intstr.IntOrString", imports: []string{intstr}},
	{name: "rawextension", typ: "runtime.RawExtension", imports: []string{runtimeIm}},
	{name: "conditions", typ: "[]metav1.Condition", imports: []string{metav1}},
	{name: "condition", typ: "metav1.Condition", imports: []string{metav1}},
	{name: "any", typ: "map[string]interface{}"},
}

// shapeTags are the tags tried on every shape, as comment lines; %s is the shape's default.
var shapeTags = []struct{ name, lines string }{
	{"none", ""},
	{"optional", "+optional"},
	{"required", "+required"},
	{"minimum", "+minimum=1"},
	{"maximum", "+maximum=10"},
	{"exclusiveMinimum", "+minimum=0\n+exclusiveMinimum"},
	{"multipleOf", "+multipleOf=2"},
	{"minLength", "+minLength=1"},
	{"maxLength", "+maxLength=5"},
	{"pattern", "+pattern=`^a`"},
	{"format", "+format=dns1123label"},
	{"minItems", "+minItems=1"},
	{"maxItems", "+maxItems=3"},
	{"listSet", "+listType=set"},
	{"listMap", "+listType=map\n+listMapKey=name"},
	{"listAtomic", "+listType=atomic"},
	{"minProperties", "+minProperties=1"},
	{"maxProperties", "+maxProperties=3"},
	{"mapAtomic", "+mapType=atomic"},
	{"structAtomic", "+structType=atomic"},
	{"immutable", "+immutable"},
	{"rule", `+validationRule="self == self"`},
	{"transition", `+validationRule="self == oldSelf"`},
	{"default", "+default=%s"},
}

const shapesModule = "validationgen.test/shapes"

// field is one (shape × tag) cell: its Go field name and where it stands in its file.
type field struct {
	shape, tag string
	goName     string
	from, to   int // lines of the field, tags included
}

func TestShapeMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a temporary module")
	}
	root := repoRoot(t)
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	mod := t.TempDir()
	if keep := os.Getenv("SHAPES_DIR"); keep != "" {
		var err error
		if mod, err = filepath.Abs(keep); err != nil {
			t.Fatal(err)
		}
	}
	if err := tempmod.Write(root, shapesModule, mod); err != nil {
		t.Fatal(err)
	}

	refused := map[[2]string]string{} // (shape, tag) → the diagnostics that refused it
	var fields map[string][]field     // file → its fields
	var out *generators.Outputs
	for round := 1; ; round++ {
		fields = writeShapes(t, mod, refused)
		var diags model.Diagnostics
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("round %d: the generator panicked: %v", round, r)
				}
			}()
			out, diags, err = generators.Run(generators.Config{
				Dir: mod, Patterns: []string{"./..."},
				OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
				OpenAPIJSON: "openapi.json", CRDDir: "crds",
				Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true},
			})
		}()
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if len(diags) == 0 {
			break
		}
		for _, d := range diags {
			f := fieldAt(fields, d)
			if f == nil {
				t.Fatalf("round %d: diagnostic not positioned at a field of the matrix: %s", round, d.Format(mod))
			}
			key := [2]string{f.shape, f.tag}
			refused[key] += d.Format(mod) + "\n"
		}
		if round > 10 {
			t.Fatalf("still refusing after %d rounds", round)
		}
	}
	if err := out.Write(); err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, s := range shapes {
		if b, err := os.ReadFile(filepath.Join(mod, s.name, "v1", "zz_generated.validations.go")); err == nil && strings.Contains(string(b), "func Validate_Kind(") {
			pkgs = append(pkgs, s.name)
		}
	}
	writeFile(t, filepath.Join(mod, "shapes_test.go"), shapesMain(t, pkgs))

	if b, err := goCommand(mod, "build", "./..."); err != nil {
		t.Fatalf("generated code does not compile: %v\n%s", err, b)
	}
	if b, err := goCommand(mod, "vet", "./..."); err != nil {
		t.Fatalf("go vet on the generated code: %v\n%s", err, b)
	}
	if b, err := goCommand(mod, "test", "-count=1", "."); err != nil {
		t.Fatalf("running the generated validators: %v\n%s", err, b)
	}

	// The matrix, for the log and for the reader of a failure.
	accepted := 0
	var rows []string
	for _, s := range shapes {
		var no []string
		for _, tg := range shapeTags {
			if _, ok := refused[[2]string{s.name, tg.name}]; ok {
				no = append(no, tg.name)
			} else {
				accepted++
			}
		}
		rows = append(rows, fmt.Sprintf("%-16s refused: %s", s.name, strings.Join(no, " ")))
	}
	t.Logf("shape matrix: %d shapes × %d tags = %d cells, %d generated, compiled, vetted and run; %d refused with a position\n%s",
		len(shapes), len(shapeTags), len(shapes)*len(shapeTags), accepted, len(refused), strings.Join(rows, "\n"))
	if testing.Verbose() {
		var keys [][2]string
		for k := range refused {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
		for _, k := range keys {
			t.Logf("%s × %s:\n%s", k[0], k[1], refused[k])
		}
	}
}

// writeShapes writes one package per shape with the cells not yet refused, and returns where
// each field stands, by file.
func writeShapes(t *testing.T, mod string, refused map[[2]string]string) map[string][]field {
	t.Helper()
	fields := map[string][]field{}
	for si, s := range shapes {
		dir := filepath.Join(mod, s.name, "v1")
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		var b, extra strings.Builder
		fmt.Fprintf(&b, "// +groupName=s%d.example.com\n\n// Package v1 is the %s shape.\npackage v1\n\nimport (\n", si, s.name)
		fmt.Fprintf(&b, "\t%s\n\t%s\n", metav1, runtimeIm)
		for _, im := range s.imports {
			if im != metav1 && im != runtimeIm {
				fmt.Fprintf(&b, "\t%s\n", im)
			}
		}
		b.WriteString(")\n" + shapeDecls + "\n// Kind is a root kind with one field per tag.\ntype Kind struct {\n" +
			"\tmetav1.TypeMeta   `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\n")
		file := filepath.Join(dir, "types.go")
		for ti, tg := range shapeTags {
			if _, ok := refused[[2]string{s.name, tg.name}]; ok {
				continue
			}
			if tg.name == "default" && s.def == "" {
				continue
			}
			f := field{shape: s.name, tag: tg.name, goName: "F" + strconv.Itoa(ti)}
			f.from = strings.Count(b.String(), "\n") + 1
			lines := tg.lines
			if strings.Contains(lines, "%s") {
				lines = fmt.Sprintf(lines, s.def)
			}
			if lines != "" {
				for _, l := range strings.Split(lines, "\n") {
					b.WriteString("\t// " + l + "\n")
				}
			}
			if s.embed != "" {
				// One embedded type per tag: a struct embeds a type once, and the embedded
				// fields' JSON names must not repeat.
				embedded := fmt.Sprintf("%s%d", s.embed, ti)
				// Its own field validates, so a nil embedded pointer is exercised at run time.
				extra.WriteString(fmt.Sprintf("\n// %s is embedded.\ntype %s struct {\n\t// +maxLength=5\n\tX%d string `json:\"x%d,omitempty\"`\n}\n", embedded, embedded, ti, ti))
				fmt.Fprintf(&b, "\t%s%s `json:\",inline\"`\n", s.typ, embedded)
				f.goName = embedded
			} else {
				fmt.Fprintf(&b, "\t%s %s `json:\"f%d,omitempty\"`\n", f.goName, s.typ, ti)
			}
			f.to = strings.Count(b.String(), "\n")
			fields[file] = append(fields[file], f)
		}
		b.WriteString("}\n\n// DeepCopyObject makes Kind a runtime.Object (deepcopy-gen's job in a real API).\n" +
			"func (k *Kind) DeepCopyObject() runtime.Object { c := *k; return &c }\n" + extra.String())
		src, err := format.Source([]byte(b.String()))
		if err != nil {
			t.Fatalf("%s: %v\n%s", file, err, b.String())
		}
		writeFile(t, file, src)
	}
	return fields
}

// fieldAt finds the field a diagnostic stands on.
func fieldAt(fields map[string][]field, d model.Diagnostic) *field {
	for i := range fields[d.Pos.Filename] {
		f := &fields[d.Pos.Filename][i]
		if d.Pos.Line >= f.from && d.Pos.Line <= f.to {
			return f
		}
	}
	return nil
}

// shapesMain is the test of the module root: random objects through every package's
// Validate_Kind, on create and update.
func shapesMain(t *testing.T, pkgs []string) []byte {
	t.Helper()
	var imports, runs strings.Builder
	for i, p := range pkgs {
		alias := fmt.Sprintf("p%d", i)
		fmt.Fprintf(&imports, "\t%s %q\n", alias, path.Join(shapesModule, p, "v1"))
		fmt.Fprintf(&runs, "\tt.Run(%q, func(t *testing.T) { exercise(t, %s.Validate_Kind) })\n", p, alias)
	}
	src := `package shapes_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/randfill"

` + imports.String() + `)

func TestShapes(t *testing.T) {
` + runs.String() + `}

func exercise[T any](t *testing.T, validate func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList) {
	f := randfill.NewWithSeed(1).NilChance(0.3).NumElements(0, 3).Funcs(
		func(r *runtime.RawExtension, c randfill.Continue) { r.Raw = []byte("{}") },
		func(v *any, c randfill.Continue) { *v = c.String(3) },
	)
	ctx := context.Background()
	for i := 0; i < 200; i++ {
		var obj, old T
		f.Fill(&obj)
		f.Fill(&old)
		validate(ctx, operation.Operation{Type: operation.Create}, nil, &obj, nil)
		validate(ctx, operation.Operation{Type: operation.Update}, nil, &obj, &old)
		validate(ctx, operation.Operation{Type: operation.Update}, nil, &obj, &obj)
		var zero T
		validate(ctx, operation.Operation{Type: operation.Create}, nil, &zero, nil)
	}
}
`
	b, err := format.Source([]byte(src))
	if err != nil {
		t.Fatalf("shapes_test.go: %v\n%s", err, src)
	}
	return b
}

// repoRoot is the directory of this repository's go.mod, two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s: %v", root, err)
	}
	return root
}

func writeFile(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// goCommand runs the go command in dir, in the environment the test set up.
func goCommand(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}
