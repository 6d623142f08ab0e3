package loader

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/tags"
)

// TestExportDataIndex loads two packages once as inputs (checked from source) and once as
// dependencies of another input (from export data, parsed on demand), and requires the same
// index: every type's declaration and comment blocks, every field's declaration, the constants
// of every type with their docs, and the constant results of methods.
func TestExportDataIndex(t *testing.T) {
	paths := []string{"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/api/core/v1"}
	src, diags, err := Load("../..", paths)
	if err != nil || len(diags) > 0 {
		t.Fatalf("loading %s: %v %v", paths, err, diags)
	}
	exp, diags, err := Load("../..", []string{"k8s.io/api/apps/v1"}) // imports both
	if err != nil || len(diags) > 0 {
		t.Fatalf("loading apps/v1: %v %v", err, diags)
	}
	for _, path := range paths {
		s, e := src.Package(path), exp.Package(path)
		if s == nil || e == nil || s.TypesInfo == nil {
			t.Fatalf("%s: not loaded as expected", path)
		}
		if e.TypesInfo != nil {
			t.Errorf("%s was checked from source as a dependency; want export data", path)
		}
		if got, want := lines(exp.PackageTagLines(e)), lines(src.PackageTagLines(s)); got != want {
			t.Errorf("%s: package tags\n got %s\nwant %s", path, got, want)
		}
		ntypes, fields, consts := 0, 0, 0
		for _, name := range s.Types.Scope().Names() {
			sn, ok := s.Types.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			en, ok := e.Types.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				t.Errorf("%s.%s: not in the export data", path, name)
				continue
			}
			ntypes++
			if got, want := declString(exp, exp.TypeDecl(en)), declString(src, src.TypeDecl(sn)); got != want {
				t.Errorf("%s.%s: declaration\n got %s\nwant %s", path, name, got, want)
			}
			sst, ok1 := sn.Type().Underlying().(*types.Struct)
			est, ok2 := en.Type().Underlying().(*types.Struct)
			if ok1 && ok2 {
				for i := 0; i < sst.NumFields(); i++ {
					fields++
					if got, want := fieldPos(exp, exp.FieldDecl(est.Field(i))), fieldPos(src, src.FieldDecl(sst.Field(i))); got != want {
						t.Errorf("%s.%s.%s: field declaration at %s, want %s", path, name, sst.Field(i).Name(), got, want)
					}
				}
			}
			if got, want := constString(exp, exp.Consts(en)), constString(src, src.Consts(sn)); got != want {
				t.Errorf("%s.%s: constants\n got %s\nwant %s", path, name, got, want)
			}
			consts += len(src.Consts(sn))
			for _, m := range []string{"OpenAPISchemaType", "OpenAPISchemaFormat", "OpenAPIV3OneOfTypes"} {
				sf, _, _ := types.LookupFieldOrMethod(sn.Type(), true, sn.Pkg(), m)
				ef, _, _ := types.LookupFieldOrMethod(en.Type(), true, en.Pkg(), m)
				if sf == nil {
					continue
				}
				if got, want := returns(exp, ef.(*types.Func)), returns(src, sf.(*types.Func)); got != want {
					t.Errorf("%s.%s.%s: returns %s, want %s", path, name, m, got, want)
				}
			}
		}
		if ntypes == 0 || fields == 0 || consts == 0 {
			t.Errorf("%s: compared %d types, %d fields and %d constants; want some of each", path, ntypes, fields, consts)
		}
	}
}

func pos(p *Program, n ast.Node) string {
	if n == nil || n.Pos() == 0 {
		return "<none>"
	}
	return p.Fset.Position(n.Pos()).String()
}

func fieldPos(p *Program, f *ast.Field) string {
	if f == nil {
		return "<none>"
	}
	return pos(p, f)
}

func declString(p *Program, d *TypeDecl) string {
	if d == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%s doc=%q extra=%q", pos(p, d.Spec), commentText(d.Doc), commentText(d.Extra))
}

func constString(p *Program, cs []*types.Const) string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s=%s %q", c.Name(), c.Val(), p.ConstDoc(c)))
	}
	return strings.Join(out, "; ")
}

func lines(ls []tags.Line) string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Pos.String()+" "+l.Text)
	}
	return strings.Join(out, "\n")
}

// returns describes the constant values of a method's return expressions as FuncDecl gives them.
func returns(p *Program, f *types.Func) string {
	fd, info := p.FuncDecl(f)
	if fd == nil || fd.Body == nil {
		return "<no declaration>"
	}
	var out []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				out = append(out, tv.Value.ExactString())
			}
		}
		return true
	})
	return strings.Join(out, ",")
}

// TestBrokenCodeOutsideDeclarations: code that does not compile outside type and constant
// declarations (here a function body) stops neither the go command's build of the input, which
// export data needs, nor the load.
func TestBrokenCodeOutsideDeclarations(t *testing.T) {
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := tempmod.Write(root, "example.com/broken", dir); err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	src := "package api\n\n// T is a type.\ntype T struct{ Name string }\n\nfunc f() { undefined() }\n"
	if err := os.WriteFile(filepath.Join(dir, "types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, diags, err := Load(dir, []string{"."})
	if err != nil || len(diags) > 0 {
		t.Fatalf("Load: %v\n%s", err, diags.Error(dir))
	}
	tn, _ := prog.Inputs[0].Types.Scope().Lookup("T").(*types.TypeName)
	if tn == nil || prog.TypeDecl(tn) == nil || commentText(prog.TypeDecl(tn).Doc) != "T is a type." {
		t.Errorf("T's declaration not indexed")
	}
}

// TestParseFileEmptiesBodies: function bodies are not type-checked (they were most of the cost of
// loading large packages), except those of the schema methods, which the builder reads; emptied
// bodies keep their extent, which decides whose a comment after a function is.
func TestParseFileEmptiesBodies(t *testing.T) {
	src := `package p

import "fmt"

type T string

func (T) OpenAPISchemaType() []string { return []string{"string"} }

func (T) String() string { return fmt.Sprint("t") }

func helper() int {
	return undefined
} // +minLength=9
`
	fset := token.NewFileSet()
	f, err := parseFile(fset, "p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]int{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			bodies[fd.Name.Name] = len(fd.Body.List)
			if fd.Name.Name == "helper" && fset.Position(fd.End()).Line != 13 {
				t.Errorf("helper ends on line %d, want 13 (its closing brace)", fset.Position(fd.End()).Line)
			}
		}
	}
	if want := map[string]int{"OpenAPISchemaType": 1, "String": 0, "helper": 0}; fmt.Sprint(bodies) != fmt.Sprint(want) {
		t.Errorf("statements per body %v, want %v", bodies, want)
	}
}

// TestPurgeBodies: blanking function bodies before parsing gives the same declarations, at the
// same positions, with the same comments outside bodies and the same schema-method bodies, as
// parsing the file whole, for every Go file of a large corpus (Kubernetes' API types and
// machinery, this repository's generators).
func TestPurgeBodies(t *testing.T) {
	var dirs []string
	for _, pkg := range []string{"k8s.io/api/core/v1", "k8s.io/api/apps/v1", "k8s.io/apimachinery/pkg/apis/meta/v1",
		"k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/util/intstr", "k8s.io/apimachinery/pkg/runtime"} {
		out, err := exec.Command("go", "list", "-f", "{{.Dir}}", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		dirs = append(dirs, strings.TrimSpace(string(out)))
	}
	dirs = append(dirs, ".", "../builder", "../validators", "../nativecel", "../../tags")
	files, purged := 0, 0
	for _, dir := range dirs {
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			files++
			p := purgeBodies(src)
			if len(p) != len(src) {
				t.Fatalf("%s: purging changed the length", name)
			}
			if string(p) != string(src) {
				purged++
			}
			want := shape(t, name, src)
			if got := shape(t, name, p); got != want {
				t.Errorf("%s: purged parse differs:\n got %s\nwant %s", name, got, want)
			}
		}
	}
	if files < 100 || purged < files/2 {
		t.Errorf("%d files, %d purged: the corpus is not what the test means to cover", files, purged)
	}
}

// shape renders what the loader reads of a file: every declaration's kind, name and extent, the
// comments outside function bodies, and the statements of the schema methods.
func shape(t *testing.T, name string, src []byte) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	var bodies [][2]token.Pos
	for _, d := range f.Decls {
		fmt.Fprintf(&b, "%T %d-%d", d, d.Pos(), d.End())
		if fd, ok := d.(*ast.FuncDecl); ok {
			fmt.Fprintf(&b, " %s", fd.Name.Name)
			if fd.Body != nil {
				bodies = append(bodies, [2]token.Pos{fd.Body.Lbrace, fd.Body.Rbrace})
				if fd.Recv != nil && slices.Contains(SchemaMethods, fd.Name.Name) {
					fmt.Fprintf(&b, " body %d statements", len(fd.Body.List))
				}
			}
		}
		b.WriteString("; ")
	}
	for _, g := range f.Comments {
		inBody := false
		for _, r := range bodies {
			inBody = inBody || g.Pos() > r[0] && g.End() < r[1]
		}
		if !inBody {
			fmt.Fprintf(&b, "comment %d %q; ", g.Pos(), g.Text())
		}
	}
	return b.String()
}

// TestTestOnlyPackages: ./... matches a directory of tests only (end-to-end tests, say), which go
// build, go vet and controller-gen pass over: so does the load, without a word; named by itself,
// it is a warning that there is nothing to generate, and with no other package an error.
func TestTestOnlyPackages(t *testing.T) {
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := tempmod.Write(root, "example.com/e2e", dir); err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	for name, src := range map[string]string{
		"api/types.go":         "package api\n\n// T is a type.\ntype T struct{ Name string }\n",
		"test/e2e/e2e_test.go": "package e2e\n\nimport \"testing\"\n\nfunc TestE2E(t *testing.T) {}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, diags, err := Load(dir, []string{"./..."})
	if err != nil || len(diags) > 0 {
		t.Fatalf("./...: %v\n%s", err, diags.Error(dir))
	}
	if len(prog.Inputs) != 1 || prog.Inputs[0].PkgPath != "example.com/e2e/api" {
		t.Errorf("./...: inputs %v, want example.com/e2e/api only", prog.Inputs)
	}
	prog, diags, err = Load(dir, []string{"./api", "./test/e2e"})
	if err != nil || diags.HasErrors() || len(prog.Inputs) != 1 {
		t.Fatalf("./api ./test/e2e: %v, %d inputs\n%s", err, len(prog.Inputs), diags.Error(dir))
	}
	if got := diags.Error(dir); !strings.Contains(got, "test/e2e:0:0: warning: package example.com/e2e/test/e2e has only test files") {
		t.Errorf("./api ./test/e2e: got %q, want a warning at test/e2e", got)
	}
	if _, _, err := Load(dir, []string{"./test/e2e"}); err == nil || !strings.Contains(err.Error(), "no package with Go files other than tests") {
		t.Errorf("./test/e2e alone: got %v, want an error", err)
	}
}

// TestModuleErrors requires the go command's own words when a module cannot be loaded as it is:
// a missing go.sum entry at the import that needs it (not "invalid type" for every field that
// uses the package), and go.mod needing an update (not "no packages match"). Offline: the module
// requires a version of apimachinery this repository already has.
func TestModuleErrors(t *testing.T) {
	version := strings.TrimSpace(string(tempmod.Go(t, "../..", "list", "-m", "-f", "{{.Version}}", "k8s.io/apimachinery")))
	sum := tempmod.ReadFile(t, "../../go.sum")
	for _, tc := range []struct {
		name  string
		goSum []byte
		extra string // appended to go.mod
		want  string
	}{
		{"missing go.sum entry", nil, "", "api/v1/types.go:3:2: missing go.sum entry for module providing package k8s.io/apimachinery/pkg/apis/meta/v1"},
		{"go.mod needs updating", sum, "", "the go command cannot list ./...:\ngo: updates to go.mod needed"},
		{"go.mod does not parse", sum, "bogus\n", "the go command cannot list ./...:\ngo: errors parsing go.mod:\ngo.mod:6: unknown directive: bogus"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.24\n\nrequire k8s.io/apimachinery "+version+"\n"+tc.extra))
			if tc.goSum != nil {
				tempmod.WriteFile(t, filepath.Join(dir, "go.sum"), tc.goSum)
			}
			tempmod.WriteFile(t, filepath.Join(dir, "api/v1/types.go"), []byte(`package v1
import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)
type Widget struct {
	metav1.TypeMeta   `+"`json:\",inline\"`"+`
	metav1.ObjectMeta `+"`json:\"metadata,omitempty\"`"+`
}
`))
			t.Setenv("GOPROXY", "off")
			t.Setenv("GOFLAGS", "-mod=readonly")
			_, diags, err := Load(dir, []string{"./..."})
			got := fmt.Sprint(err)
			if err == nil {
				got = diags.Error(dir)
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %s\nwant it to contain %q", got, tc.want)
			}
			if strings.Contains(got, "invalid type") || strings.Contains(got, "no packages match") || strings.Contains(got, "stderr:") {
				t.Errorf("got %s: the go command's error is not the first thing said", got)
			}
		})
	}
}

// TestOwnOutputImports: what this generator's previous output imports is not an input of the run.
// A module's go.sum need not list the dependencies of kube-openapi's packages until something it
// builds needs them; a run that rewrites the output must not stop on them (the error go list
// reports is positioned in kube-openapi's file, not in the output). Offline: this repository's
// go.mod and go.sum, without go-restful's lines.
func TestOwnOutputImports(t *testing.T) {
	dir := t.TempDir()
	mod := string(tempmod.ReadFile(t, "../../go.mod"))
	mod = regexp.MustCompile(`(?m)^module .*`).ReplaceAllString(mod, "module example.com/own")
	mod = regexp.MustCompile(`\ntool \([^)]*\)\n`).ReplaceAllString(mod, "\n")
	tempmod.WriteFile(t, filepath.Join(dir, "go.mod"), []byte(mod))
	var sum []string
	for _, l := range strings.SplitAfter(string(tempmod.ReadFile(t, "../../go.sum")), "\n") {
		if !strings.Contains(l, "emicklei/go-restful") {
			sum = append(sum, l)
		}
	}
	tempmod.WriteFile(t, filepath.Join(dir, "go.sum"), []byte(strings.Join(sum, "")))
	tempmod.WriteFile(t, filepath.Join(dir, "api/types.go"), []byte("package api\n\ntype Widget struct {\n\tName string `json:\"name\"`\n}\n"))
	tempmod.WriteFile(t, filepath.Join(dir, "api/zz_generated.openapi.go"), []byte("// Code generated by validation-gen. DO NOT EDIT.\n\n"+
		"package api\n\nimport _ \"k8s.io/kube-openapi/pkg/common\"\n"))
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=readonly")
	_, diags, err := Load(dir, []string{"./..."})
	if err != nil || diags.HasErrors() {
		t.Fatalf("got %v\n%s", err, diags.Error(dir))
	}
}
