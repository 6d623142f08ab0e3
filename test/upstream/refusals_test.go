package upstream

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// refusalCase is input that upstream's validation-gen refuses with one of its messages, in a
// package written for it: the fields of a struct Spec (and any types it needs) of a package with
// +k8s:validation-gen=*. This generator must refuse it too (an error, not a warning).
type refusalCase struct {
	file  string // the file of upstream's validators that refuses it
	msg   string // upstream's message, as its fmt.Errorf format string
	src   string // fields of Spec
	types string // more declarations, after Spec
}

// refusalCases are the refusals of upstream's tags that this generator is checked against, by
// upstream's message. testdata/refusals.txt lists every message of upstream's validators, each
// checked here or not yet.
var refusalCases = []refusalCase{
	{"update.go", "unknown +k8s:update constraint: %s", `
	// +k8s:update=NoChange
	A *string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=%s does not apply to %s, attach it to the enclosing field", `
	// +k8s:eachVal=+k8s:update=NoSet
	A map[string]string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=NoModify cannot be applied to list/map elements that are themselves lists or maps", `
	// +k8s:eachVal=+k8s:update=NoModify
	A map[string][]string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:eachVal=+k8s:update=NoModify requires the enclosing list to use listType=map or unique=map (got %s)", `
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:update=NoModify
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=%s can only be used on list or map fields", `
	// +k8s:update=NoAddItem
	A *string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=NoModify is not supported on list or map fields, use +k8s:eachVal=+k8s:update=NoModify for per-item immutability", `
	// +k8s:update=NoModify
	A map[string]string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=%s cannot be used on non-pointer struct fields (they cannot be unset)", `
	// +k8s:update=NoUnset
	A Inner ` + "`json:\"a\"`", ""},
	{"subfield.go", "nested +%s tags are unsupported; apply validations directly to the nested type instead", `
	// +k8s:subfield(inner)=+k8s:subfield(x)=+k8s:minimum=1
	A Outer ` + "`json:\"a\"`", ""},
	{"subfield.go", "can only be used on struct types: %v", `
	// +k8s:subfield(x)=+k8s:minimum=1
	A string ` + "`json:\"a\"`", ""},
	{"subfield.go", "no field for json name %q", `
	// +k8s:subfield(nope)=+k8s:minimum=1
	A Inner ` + "`json:\"a\"`", ""},
	{"each.go", "can only be used on list or map types (%s)", `
	// +k8s:eachVal=+k8s:minimum=1
	A int32 ` + "`json:\"a\"`", ""},
	{"each.go", "can only be used on map types (%s)", `
	// +k8s:eachKey=+k8s:maxLength=1
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=NoAddItem/+k8s:update=NoRemoveItem require list metadata (+k8s:listType with listMapKey, or +k8s:unique) to determine item identity", `
	// +k8s:update=NoAddItem
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"update.go", "+k8s:update=NoAddItem/+k8s:update=NoRemoveItem require listType=set, listType=map, unique=set, or unique=map to define item identity", `
	// +k8s:listType=atomic
	// +k8s:update=NoRemoveItem
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"item.go", "found items with no list metadata - item tags require listType=map or unique=map with listMapKey", `
	// +k8s:item(x: 1)=+k8s:subfield(x)=+k8s:minimum=1
	A []Inner ` + "`json:\"a,omitempty\"`", ""},
	{"item.go", "can only be used on lists of structs", `
	// +k8s:listType=set
	// +k8s:item(x: 1)=+k8s:minimum=1
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"item.go", "no field with JSON name %q", `
	// +k8s:listType=map
	// +k8s:listMapKey=x
	// +k8s:item(y: 1)=+k8s:subfield(x)=+k8s:minimum=1
	A []Inner ` + "`json:\"a,omitempty\"`", ""},
	{"list.go", "unique tag may not be used with listType=set or listType=map", `
	// +k8s:listType=set
	// +k8s:unique=set
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"list.go", "only lists of structs can be list-maps", `
	// +k8s:listType=map
	// +k8s:listMapKey=x
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"list.go", "unknown list type %q", `
	// +k8s:listType=bag
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"limits.go", "must be greater than or equal to zero", `
	// +k8s:maxLength=-1
	A string ` + "`json:\"a\"`", ""},
	{"levels.go", "requires a validation tag as its value payload", `
	// +k8s:alpha
	A string ` + "`json:\"a\"`", ""},
	{"enum.go", "can only be used on string types (%s)", `
	A Level ` + "`json:\"a\"`", `
// +k8s:enum
type Level int32
`},
	{"format.go", "unsupported validation format %q", `
	// +k8s:format=bogus
	A string ` + "`json:\"a\"`", ""},
	{"required.go", "non-pointer structs cannot use the %q tag", `
	// +k8s:required
	A Inner ` + "`json:\"a\"`", ""},
	{"options.go", "missing required option name positional argument", `
	// +k8s:ifEnabled=+k8s:minimum=1
	A int32 ` + "`json:\"a\"`", ""},
	{"equality.go", "type mismatch: field is a string, but payload is of type %s", `
	// +k8s:neq=1
	A string ` + "`json:\"a\"`", ""},
	{"list.go", "listType cannot be specified more than once", `
	// +k8s:listType=atomic
	// +k8s:listType=set
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"union.go", "can only be used on nilable and primitive types (%s)", `
	// +k8s:unionMember
	// +k8s:optional
	A Inner ` + "`json:\"a\"`" + `
	// +k8s:unionMember
	// +k8s:optional
	B *Inner ` + "`json:\"b,omitempty\"`", ""},
	{"dependentrequired.go", "trigger and dependent field must be different (both are %q)", `
	// +k8s:optional
	// +k8s:dependentRequired("a")
	A *string ` + "`json:\"a,omitempty\"`", ""},
	{"dependentrequired.go", "no sibling field with JSON name %q", `
	// +k8s:optional
	// +k8s:dependentRequired("nope")
	A *string ` + "`json:\"a,omitempty\"`", ""},
	{"equality.go", "can only be used on comparable types (e.g. string, int, bool), but got %s", `
	// +k8s:neq="x"
	A []string ` + "`json:\"a,omitempty\"`", ""},
	{"monotonic.go", "must be an integer type (got %s)", `
	// +k8s:monotonic
	A string ` + "`json:\"a\"`", ""},
}

// refusalTypes are the types the cases' Spec fields use.
const refusalTypes = `
type Outer struct {
	Inner Inner ` + "`json:\"inner\"`" + `
}

type Inner struct {
	X int32 ` + "`json:\"x\"`" + `
}
`

// TestUpstreamRefusals derives the list of upstream validation-gen's refusals from its validators
// (every fmt.Errorf and errors.New message of k8s.io/code-generator's cmd/validation-gen/validators,
// at the version go.mod pins) and checks this generator against it: testdata/refusals.txt lists
// every message, "checked" when refusalCases has input upstream refuses with it, which this
// generator must refuse too, else "unchecked". A message upstream adds or drops changes the list
// and fails the test (VALIDATION_GEN_UPSTREAM_UPDATE=1 rewrites it; review the diff).
func TestUpstreamRefusals(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	dir := strings.TrimSpace(string(tempmod.Go(t, root, "list", "-m", "-f", "{{.Dir}}", "k8s.io/code-generator")))
	msgs := upstreamRefusals(t, filepath.Join(dir, "cmd", "validation-gen", "validators"))
	if len(msgs) < 100 {
		t.Fatalf("only %d refusals found in upstream's validators: are they still fmt.Errorf calls?", len(msgs))
	}
	checked := map[string]bool{}
	for _, c := range refusalCases {
		key := c.file + ": " + c.msg
		if !msgs[key] {
			t.Errorf("upstream's validators no longer refuse with %q (%s): update the case", c.msg, c.file)
		}
		checked[key] = true
	}
	var lines []string
	for m := range msgs {
		status := "unchecked"
		if checked[m] {
			status = "checked"
		}
		lines = append(lines, status+" "+m)
	}
	sort.Strings(lines)
	list := "# Every refusal message of upstream validation-gen's validators (TestUpstreamRefusals);\n" +
		"# \"checked\": refusalCases has input upstream refuses with it, and this generator refuses it too.\n" +
		strings.Join(lines, "\n") + "\n"
	golden := filepath.Join("testdata", "refusals.txt")
	if os.Getenv("VALIDATION_GEN_UPSTREAM_UPDATE") == "1" {
		tempmod.WriteFile(t, golden, []byte(list))
	} else if want, err := os.ReadFile(golden); err != nil || string(want) != list {
		t.Errorf("%s differs from upstream's validators (rerun with VALIDATION_GEN_UPSTREAM_UPDATE=1 and review):\n%s", golden, list)
	}
	t.Logf("upstream's validators refuse with %d messages; %d checked here", len(msgs), len(refusalCases))

	// Every case is a package of one module, generated in one run.
	mod := t.TempDir()
	if err := tempmod.Write(root, "validationgen.test/refusals", mod); err != nil {
		t.Fatal(err)
	}
	for i, c := range refusalCases {
		name := fmt.Sprintf("case%d", i)
		tempmod.WriteFile(t, filepath.Join(mod, name, "types.go"), []byte(fmt.Sprintf(
			"// Package %s: upstream refuses it with %q (%s).\n//\n// +k8s:validation-gen=*\npackage %s\n\ntype Spec struct {%s\n}\n%s%s",
			name, c.msg, c.file, name, c.src, c.types, refusalTypes)))
	}
	out, diags, err := generators.Run(generators.Config{Dir: mod, Patterns: []string{"./..."}, OutputFile: "zz_generated.validations.go",
		Options: generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true}})
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		t.Fatalf("every case is refused upstream, but validation-gen accepts them all")
	}
	// An error counts where the case is (Spec and its own types), not in the shared types.
	refused := map[string][]string{}
	for _, d := range diags {
		i, _ := strconv.Atoi(strings.TrimPrefix(filepath.Base(filepath.Dir(d.Pos.Filename)), "case"))
		if c := refusalCases[i]; !d.Warning && d.Pos.Line <= 7+strings.Count(c.src+c.types, "\n") {
			pkg := filepath.Base(filepath.Dir(d.Pos.Filename))
			refused[pkg] = append(refused[pkg], d.Format(mod))
		}
	}
	for i, c := range refusalCases {
		name := fmt.Sprintf("case%d", i)
		if len(refused[name]) == 0 {
			t.Errorf("upstream refuses (%s: %q), validation-gen accepts:\n%s", c.file, c.msg, c.src)
			continue
		}
		t.Logf("%s: %q: %s", c.file, c.msg, strings.Join(refused[name], "; "))
	}
}

// upstreamRefusals returns the messages of the fmt.Errorf and errors.New calls of the Go files of
// dir (tests excluded), as "<file>: <format>".
func upstreamRefusals(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || !(x.Name == "fmt" && sel.Sel.Name == "Errorf" || x.Name == "errors" && sel.Sel.Name == "New") {
				return true
			}
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out[filepath.Base(name)+": "+s] = true
				}
			}
			return true
		})
	}
	return out
}
