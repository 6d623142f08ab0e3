package k8sapi

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// diffModule is the module path of the temporary module of TestK8sAPIDifferential.
const diffModule = "validationgen.test/k8sdiff"

// TestK8sAPIDifferential runs upstream validation-gen's validators and this generator's on the same
// random objects of every kind Kubernetes generates validators for, on create and on update, and
// requires the same errors (type, field, origin and stability level) on every object.
//
// In a temporary module it builds, for every group version of Kubernetes' pkg/apis that opts in to
// validation-gen (the release that matches k8s.io/api, read from the module cache), two packages:
// upstream/<group>/<version>, the zz_generated.validations.go Kubernetes commits (its imports of
// other output packages pointed at their upstream/ copies), and ours/<group>/<version>, generated
// by this generator from the same package tags. Both get the hand-written validators that
// +k8s:customValidation calls. testdata/k8sdiff holds the test run there: it fills objects of every
// kind with values drawn from small pools (names and keys valid and not, the enum values that
// k8s.io/api declares, boundary numbers, unset values), validates each on create and, mutated, on
// update from it, with random sets of the options the validators test, and compares. Differences
// are grouped into classes (kind, field with indices and keys elided, type, origin, level, which side);
// testdata/k8sdiff/differences.txt lists the known ones with their reason, and the test fails on
// any other, and on a listed one that no longer occurs.
//
// VALIDATION_GEN_K8SAPI_DIFF=1 runs it; VALIDATION_GEN_K8SAPI_DIFF_OBJECTS sets the objects a kind
// (default 300), VALIDATION_GEN_K8SAPI_DIFF_SEED the seed (default 1), and
// VALIDATION_GEN_K8SAPI_DIFF_DIR=DIR keeps the module in DIR.
func TestK8sAPIDifferential(t *testing.T) {
	if os.Getenv("VALIDATION_GEN_K8SAPI_DIFF") != "1" {
		t.Skip("compares upstream's generated validators of k8s.io/api with this generator's on random objects (a few minutes); " +
			"run it with: VALIDATION_GEN_K8SAPI_DIFF=1 go test ./test/k8sapi/ -run TestK8sAPIDifferential -count=1 -v")
	}
	start := time.Now()
	root, k8sVersion, k8sDir, mod := kubernetesModuleTest(t, diffModule, "VALIDATION_GEN_K8SAPI_DIFF_DIR")
	var pkgs []outputPackage
	for _, p := range kubernetesOutputPackages(t, k8sDir) {
		if _, ok := upstreamFile(t, k8sDir, p); ok {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) < 40 {
		t.Fatalf("Kubernetes %s commits validators for only %d group versions", k8sVersion, len(pkgs))
	}
	apiDir := strings.TrimSpace(string(tempmod.Go(t, root, "list", "-m", "-f", "{{.Dir}}", "k8s.io/api")))

	var imports, groups strings.Builder
	options := map[string]bool{}
	enums := map[string]map[string]bool{}
	for i, p := range pkgs {
		gv := p.groupVersion()
		name := path.Base(p.Rel)
		src, _ := upstreamFile(t, k8sDir, p)
		for _, m := range hasOption.FindAllSubmatch(src, -1) {
			options[string(m[1])] = true
		}
		collectEnums(t, filepath.Join(apiDir, filepath.FromSlash(gv)), p.Input, enums)
		for _, side := range []string{"upstream", "ours"} {
			dir := filepath.Join(mod, side, filepath.FromSlash(gv))
			doc := fmt.Sprintf("// Package %s holds upstream validation-gen's validators of %s, as Kubernetes %s commits them in %s.\npackage %s\n",
				name, p.Input, k8sVersion, p.Rel, name)
			if side == "ours" {
				doc = fmt.Sprintf("// Package %s holds this generator's validators of %s, from the package tags of Kubernetes %s's %s:\n//\n// %s\npackage %s\n",
					name, p.Input, k8sVersion, p.Rel, strings.Join(p.Tags, "\n// "), name)
			}
			tempmod.WriteFile(t, filepath.Join(dir, "doc.go"), []byte(doc))
			// Each side registers into a builder of its own: the test adds each to its own scheme.
			tempmod.WriteFile(t, filepath.Join(dir, "register.go"), []byte(fmt.Sprintf(`package %s

import "k8s.io/apimachinery/pkg/runtime"

var (
	localSchemeBuilder = &runtime.SchemeBuilder{}
	// AddToScheme adds the group version's validators.
	AddToScheme = localSchemeBuilder.AddToScheme
)
`, name)))
			copyCustomValidators(t, k8sDir, p, dir, diffModule+"/"+side)
		}
		up := strings.ReplaceAll(string(src), `"`+kubernetesModule+`/pkg/apis/`, `"`+diffModule+`/upstream/`)
		if strings.Contains(up, `"`+kubernetesModule+`/`) {
			t.Fatalf("%s/zz_generated.validations.go imports a package of Kubernetes other than an output package", p.Rel)
		}
		tempmod.WriteFile(t, filepath.Join(mod, "upstream", filepath.FromSlash(gv), "zz_generated.validations.go"), []byte(up))
		fmt.Fprintf(&imports, "\tapi%d %q\n\tupstream%d %q\n\tours%d %q\n", i, p.Input, i,
			diffModule+"/upstream/"+gv, i, diffModule+"/ours/"+gv)
		fmt.Fprintf(&groups, "\t{%q, api%d.AddToScheme, upstream%d.AddToScheme, ours%d.AddToScheme},\n", gv, i, i, i)
	}
	phase := time.Now()
	generateInto(t, mod, "./ours/...")
	t.Logf("generated ours for %d group versions: %s", len(pkgs), since(phase))

	var b strings.Builder
	fmt.Fprintf(&b, "package diff_test\n\n// Code written by TestK8sAPIDifferential (test/k8sapi/differential_test.go).\n\nimport (\n%s)\n\n", imports.String())
	fmt.Fprintf(&b, "var groupVersions = []groupVersion{\n%s}\n\n", groups.String())
	fmt.Fprintf(&b, "// optionNames are the options upstream's validators test (op.HasOption).\nvar optionNames = []string{\n")
	for _, o := range sortedKeys(options) {
		fmt.Fprintf(&b, "\t%q,\n", o)
	}
	fmt.Fprintf(&b, "}\n\n// enumValues are the string constants k8s.io/api declares of each named string type.\nvar enumValues = map[string][]string{\n")
	for _, typ := range sortedKeys(enums) {
		var vs []string
		for _, v := range sortedKeys(enums[typ]) {
			vs = append(vs, strconv.Quote(v))
		}
		fmt.Fprintf(&b, "\t%q: {%s},\n", typ, strings.Join(vs, ", "))
	}
	b.WriteString("}\n")
	tempmod.WriteFile(t, filepath.Join(mod, "groups_test.go"), []byte(b.String()))
	tempmod.CopyTree(t, filepath.Join("testdata", "k8sdiff"), mod)
	tempmod.WriteFile(t, filepath.Join(mod, "doc.go"), []byte("// Package diff compares upstream's validators with this generator's.\npackage diff\n"))

	objects, seed := os.Getenv("VALIDATION_GEN_K8SAPI_DIFF_OBJECTS"), os.Getenv("VALIDATION_GEN_K8SAPI_DIFF_SEED")
	if objects == "" {
		objects = "300"
	}
	if seed == "" {
		seed = "1"
	}
	phase = time.Now()
	out := tempmod.Go(t, mod, "test", "-count=1", "-v", "-timeout", "30m", "-run", "TestDifferential", ".", "-objects", objects, "-seed", seed)
	t.Logf("%s", out)
	t.Logf("go test: %s; %s in all", since(phase), since(start))
}

// hasOption matches an option test in generated validators.
var hasOption = regexp.MustCompile(`op\.HasOption\("([^"]+)"\)`)

// collectEnums adds the string constants declared with a named type in the Go files of dir
// (package pkg) to enums, by "<pkg>.<type>".
func collectEnums(t *testing.T, dir, pkg string, enums map[string]map[string]bool) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				typ, ok := vs.Type.(*ast.Ident)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						continue
					}
					key := pkg + "." + typ.Name
					if enums[key] == nil {
						enums[key] = map[string]bool{}
					}
					enums[key][s] = true
				}
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
