package generators_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/version"
	"sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/nativecel"
	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/model"
)

// FuzzCELRule puts rule text at the places of ../testdata/cel/fuzz (a struct of every shape, a
// resource root, a list, a list map, a string, a list of durations, an int-or-string) and runs
// the generator's CEL check and its validators, which compile the rule to Go or leave it to
// cel-go. Whatever the text: nothing panics, a rule the check accepts gets a --cel-report line at
// each place, the native compiler never fails on it (nativecel.InternalError), and the validators
// it writes type-check.
//
// The seeds are every rule of the repository's tests, examples and corpora (the +validationRule
// and XValidation rules below testdata/, examples/ and test/, the rules of Gateway API's CRDs when
// its module is in the module cache, where test/celcorpus puts it) and the literals that crashed
// the compiler. They run in every `go test`. Fuzzing adds the expressions of the CEL conformance
// suite (module cel.dev/expr, tests/simple) to the seeds and goes further:
//
//	go test ./generators/ -run XXX -fuzz FuzzCELRule -fuzztime 10m
func FuzzCELRule(f *testing.F) {
	fx := loadFuzzFixture(f)
	for _, s := range celSeedRules(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rule string) { fx.run(t, rule) })
}

// crashRules crashed the native compiler (issue 23): valid for the API server, literals included.
var crashRules = []string{
	"[].sum() == 0", "[].min() == 0", "[].isSorted()", "[].indexOf(1) == -1", "[].max() == 0", "[].lastIndexOf(1) == -1",
	"[[]].size() == 1", "[[], [1]][0].size() == 0", "{}.size() == 0", "{'a': []}.a.size() == 0",
	"optional.of([]).hasValue()", "[?optional.none()].size() == 0", "optional.of({}).value().size() == 0",
	"[].all(x, x > 0)", "[].map(x, x).size() == 0", "[[]].flatten().size() == 0", "[].distinct() == []",
	"sets.contains([], [])", "[] == []", "{} == {}", "[].exists(x, true) == false",
}

type fuzzPlace struct {
	name  string
	rules *[]model.Rule
	pos   token.Position
}

type fuzzFixture struct {
	dir    string
	u      *model.Universe
	pkg    *model.Package
	opts   model.Options
	places []fuzzPlace
	mu     sync.Mutex

	// What type-checks the validators: the fixture's files, and the export data of what the
	// generated code imports.
	fset     *token.FileSet
	files    []*ast.File
	exports  map[string]string
	importer types.Importer
}

func loadFuzzFixture(tb testing.TB) *fuzzFixture {
	dir, err := filepath.Abs("../testdata/cel/fuzz/v1")
	if err != nil {
		tb.Fatal(err)
	}
	opts := generators.Options{Compat: version.MajorMinor(1, 37), FormatFallback: true, CostLimits: true}
	prog, diags, err := loader.Load(dir, []string{"."})
	if err != nil || len(diags) > 0 {
		tb.Fatalf("load: %v %s", err, diags.Error(dir))
	}
	u, diags := builder.BuildWith(prog, opts)
	if len(diags) > 0 {
		tb.Fatal(diags.Error(dir))
	}
	fx := &fuzzFixture{dir: dir, u: u, opts: opts, fset: token.NewFileSet()}
	for _, d := range u.Definitions {
		if !d.Input {
			continue
		}
		fx.pkg = d.Package
		switch d.GoName {
		case "Fuzz":
			fx.places = append(fx.places, fuzzPlace{"the resource root", &d.Node.V.Rules, d.Pos})
		case "FuzzSpec":
			fx.places = append(fx.places, fuzzPlace{"the struct", &d.Node.V.Rules, d.Pos})
			for _, p := range d.Node.Properties {
				switch p.Name {
				case "strings", "items", "s", "durs", "port":
					fx.places = append(fx.places, fuzzPlace{"the field " + p.Name, &p.Node.V.Rules, p.Pos})
				}
			}
		}
	}
	if len(fx.places) != 7 {
		tb.Fatalf("%d places in the fixture, want 7", len(fx.places))
	}
	// The fixture's own files, and the export data of every package the validators may import.
	for _, name := range []string{"types.go", "stub.go"} {
		file, err := parser.ParseFile(fx.fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			tb.Fatal(err)
		}
		fx.files = append(fx.files, file)
	}
	fx.exports = exportData(tb, dir, ".",
		"github.com/validation-gen/validation-gen/genruntime/...",
		"k8s.io/apimachinery/pkg/api/operation", "k8s.io/apimachinery/pkg/api/validate",
		"regexp", "strconv", "strings", "unicode/utf8", "time", "math", "net/netip", "net/url", "context")
	return fx
}

// exportData lists the export data files of packages and their dependencies (go list -export).
func exportData(tb testing.TB, dir string, patterns ...string) map[string]string {
	cmd := exec.Command("go", append([]string{"list", "-export", "-deps", "-json=ImportPath,Export"}, patterns...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); err != nil {
			tb.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
	}
	return exports
}

// run puts the rule at every place at once: one check, one validators file, one type-check.
func (fx *fuzzFixture) run(t *testing.T, rule string) {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	defer func() {
		for _, p := range fx.places {
			*p.rules = nil
		}
	}()
	accepted := map[token.Position]bool{}
	for _, p := range fx.places {
		*p.rules = []model.Rule{{Rule: rule, Origin: model.Origin{Tag: "validationRule", Pos: p.pos}, RulePos: p.pos}}
		accepted[p.pos] = true
	}
	for _, d := range check.CEL(fx.u, fx.opts) {
		for _, p := range fx.places {
			if d.Pos.Filename == p.pos.Filename && (d.Pos.Line == p.pos.Line || d.Pos.Line == p.pos.Line+1) || d.Pos == p.pos {
				accepted[p.pos] = false
			}
		}
	}
	var places []fuzzPlace
	for _, p := range fx.places {
		if accepted[p.pos] {
			places = append(places, p)
			continue
		}
		*p.rules = nil
		// Refused: the native compiler must still say why it cannot take it, without failing.
		r := model.Rule{Rule: rule, Origin: model.Origin{Tag: "validationRule", Pos: p.pos}}
		if _, why := nativecel.Compile(r, nativecel.Place{Node: placeNode(fx), Schema: []byte(`{"type":"object"}`), Compat: fx.opts.Compat}, nopDecls{}); strings.HasPrefix(why, nativecel.InternalError) {
			t.Fatalf("%s: rule %q: %s", p.name, rule, why)
		}
	}
	if len(places) == 0 {
		return
	}
	// The check must accept the rule at the places it did not refuse it at.
	if diags := check.CEL(fx.u, fx.opts); len(diags) > 0 {
		t.Fatalf("rule %q: refused at one place, it changes the verdict elsewhere: %v", rule, diags)
	}
	src, report, diags, err := validators.GoFileInto(fx.pkg, fx.pkg, fx.u, fx.opts, nil)
	if err != nil || len(diags) > 0 {
		t.Fatalf("rule %q: the validators cannot be written: %v %v", rule, err, diags)
	}
	native := false
	for _, p := range places {
		found := false
		for _, l := range report {
			if l.Pos != p.pos {
				continue
			}
			found = true
			if strings.HasPrefix(l.Why, nativecel.InternalError) {
				t.Fatalf("%s: rule %q: %s", p.name, rule, l.Why)
			}
			native = native || l.Why == ""
		}
		if !found {
			t.Fatalf("%s: rule %q: no --cel-report line", p.name, rule)
		}
	}
	if native {
		fx.typeCheck(t, rule, src)
	}
}

func placeNode(fx *fuzzFixture) *model.Node {
	for _, d := range fx.u.Definitions {
		if d.Input && d.GoName == "FuzzSpec" {
			return d.Node
		}
	}
	return nil
}

// typeCheck type-checks the fixture's package with the validators written for it.
func (fx *fuzzFixture) typeCheck(t *testing.T, rule string, src []byte) {
	file, err := parser.ParseFile(fx.fset, "zz_generated.validations.go", src, 0)
	if err != nil {
		t.Fatalf("rule %q: the validators do not parse: %v", rule, err)
	}
	if fx.importer == nil {
		fx.importer = importer.ForCompiler(fx.fset, "gc", func(path string) (io.ReadCloser, error) {
			exp, ok := fx.exports[path]
			if !ok || exp == "" {
				return nil, &os.PathError{Op: "export data", Path: path, Err: fs.ErrNotExist}
			}
			return os.Open(exp)
		})
	}
	conf := types.Config{Importer: fx.importer}
	if _, err := conf.Check("fuzz", fx.fset, append(append([]*ast.File{}, fx.files...), file), nil); err != nil {
		t.Fatalf("rule %q: the validators do not compile: %v\n%s", rule, err, src)
	}
}

type nopDecls struct{}

func (nopDecls) QuantityVar(string) (string, bool) { return "q", true }
func (nopDecls) RegexpVar(string) string           { return "re" }

var (
	validationRuleTag = regexp.MustCompile("\\+(?:validationRule|kubebuilder:validation:XValidation:rule)=(`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\")")
	textprotoExpr     = regexp.MustCompile(`(?m)^\s*expr:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*$`)
)

// celSeedRules gathers the rules of the repository's tests and corpora (see FuzzCELRule).
func celSeedRules(tb testing.TB) []string {
	root, err := filepath.Abs("..")
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	add := func(r string) {
		r = strings.TrimSpace(r)
		if r != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	for _, r := range crashRules {
		add(r)
	}
	for _, top := range []string{"testdata", "examples", "test"} {
		_ = filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			switch filepath.Ext(path) {
			case ".go", ".txt":
				for _, m := range validationRuleTag.FindAllStringSubmatch(string(data), -1) {
					v := m[1]
					if v[0] == '"' {
						if u, err := strconv.Unquote(v); err == nil {
							add(u)
						}
						continue
					}
					add(strings.Join(strings.Fields(strings.ReplaceAll(v[1:len(v)-1], "//", " ")), " "))
				}
			case ".yaml", ".json":
				for _, r := range crdRules(data) {
					add(r)
				}
			}
			return nil
		})
	}
	// The CEL conformance suite's expressions, as rules (x == x types every expression as bool),
	// when fuzzing: two thousand of them would make every go test minutes longer, and
	// test/celspec runs them, with data, against cel-go and the API server.
	if fuzzing() {
		celSpecSeeds(tb, root, add)
	}
	// Gateway API's rules, when test/celcorpus has fetched its module.
	if dir := cachedModuleDir(root, "sigs.k8s.io/gateway-api", "v1.6.3"); dir != "" {
		_ = filepath.WalkDir(filepath.Join(dir, "config", "crd"), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
				return err
			}
			data, err := os.ReadFile(path)
			if err == nil {
				for _, r := range crdRules(data) {
					add(r)
				}
			}
			return nil
		})
	}
	sort.Strings(out[len(crashRules):])
	return out
}

// fuzzing reports whether go test runs with -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// celSpecSeeds adds the expressions of the CEL conformance suite (module cel.dev/expr), as rules.
func celSpecSeeds(tb testing.TB, root string, add func(string)) {
	dir := moduleDir(tb, root, "cel.dev/expr")
	if dir == "" {
		return
	}
	files, _ := filepath.Glob(filepath.Join(dir, "tests", "simple", "testdata", "*.textproto"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, m := range textprotoExpr.FindAllStringSubmatch(string(data), -1) {
			q := m[1]
			if q[0] == '\'' {
				q = `"` + strings.ReplaceAll(strings.ReplaceAll(q[1:len(q)-1], `\'`, `'`), `"`, `\"`) + `"`
			}
			if e, err := strconv.Unquote(q); err == nil {
				add("(" + e + ") == (" + e + ")")
			}
		}
	}
}

// crdRules are the rules of the CRDs in a YAML or JSON file.
func crdRules(data []byte) []string {
	var out []string
	for _, doc := range bytes.Split(data, []byte("\n---")) {
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.Unmarshal(doc, &crd); err != nil || crd.Kind != "CustomResourceDefinition" {
			continue
		}
		for _, v := range crd.Spec.Versions {
			if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				continue
			}
			var walk func(s *apiextv1.JSONSchemaProps)
			walk = func(s *apiextv1.JSONSchemaProps) {
				for _, r := range s.XValidations {
					out = append(out, r.Rule)
				}
				for _, p := range s.Properties {
					walk(&p)
				}
				if s.Items != nil && s.Items.Schema != nil {
					walk(s.Items.Schema)
				}
				if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
					walk(s.AdditionalProperties.Schema)
				}
			}
			walk(v.Schema.OpenAPIV3Schema)
		}
	}
	return out
}

// moduleDir is the directory of a module of the build (go list -m), "" when it cannot be had.
func moduleDir(tb testing.TB, root, path string) string {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// cachedModuleDir is a module's directory in the module cache, "" when it is not there.
func cachedModuleDir(root, path, version string) string {
	cmd := exec.Command("go", "env", "GOMODCACHE")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), path+"@"+version)
	if _, err := os.Stat(dir); err != nil {
		return ""
	}
	return dir
}
