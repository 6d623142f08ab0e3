package doctest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// A checkCase is the blocks marked "check CASE": the files of an input, what a run over it
// prints, and optionally a fix.
type checkCase struct {
	name   string
	files  []block
	prints *block
	fix    *block
}

// checkCases groups the check blocks by case, in page order. A case must have a file first, at
// most one prints and one fix block, and a fix only for an input that prints something.
func checkCases(t *testing.T) []*checkCase {
	t.Helper()
	var out []*checkCase
	byName := map[string]*checkCase{}
	for _, b := range allBlocks(t) {
		if b.Kind != kindCheck {
			continue
		}
		c := byName[b.Name]
		if c == nil {
			if b.Verb != "file" {
				t.Fatalf("%s: check %s has no file before its %s block", b.Where(), b.Name, b.Verb)
			}
			c = &checkCase{name: b.Name}
			byName[b.Name] = c
			out = append(out, c)
		}
		switch b.Verb {
		case "file":
			if c.prints != nil || c.fix != nil {
				t.Fatalf("%s: check %s: its files come before its prints and fix blocks", b.Where(), b.Name)
			}
			c.files = append(c.files, b)
		case "prints", "fix":
			p := &c.prints
			if b.Verb == "fix" {
				p = &c.fix
			}
			if *p != nil {
				t.Fatalf("%s: check %s has a second %s block (the first is at %s)", b.Where(), b.Name, b.Verb, (*p).Where())
			}
			*p = &b
		}
	}
	for _, c := range out {
		// (Under UPDATE_GOLDEN=1 a new case's prints block may still be empty: the run fills it.)
		if c.fix != nil && (c.prints == nil || c.prints.Content == "" && !updating()) {
			t.Errorf("%s: check %s has a fix but its input prints nothing", c.fix.Where(), c.name)
		}
	}
	return out
}

// TestChecks runs the generator over the input of every check case, in a module of its own (in
// the module of the repository's go.mod, with this working tree as validation-gen), as
// `validation-gen --openapi-json openapi.json --crd-dir crds ./...` would in the case's directory:
// what it prints (its diagnostics, warnings included) must equal the case's prints block, or be
// nothing. The input with its fix applied must then print nothing at all.
func TestChecks(t *testing.T) {
	cases := checkCases(t)
	if len(cases) == 0 {
		t.Fatal("no check blocks in the documentation")
	}
	root := repoRoot(t)
	mod := t.TempDir()
	if err := tempmod.Write(root, "example.com", mod); err != nil {
		t.Fatal(err)
	}
	for k, v := range tempmod.Env {
		t.Setenv(k, v)
	}
	t.Cleanup(func() { rewrite(t) })
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(mod, c.name)
			files := map[string]string{}
			for _, f := range c.files {
				files[f.Arg] += f.Content
			}
			got := runCheck(t, dir, files, c.files)
			if c.prints != nil {
				expect(t, *c.prints, got, "what the generator prints")
			} else if got != "" {
				t.Errorf("%s: check %s prints, but the page shows no prints block:\n%s", c.files[0].Where(), c.name, got)
			}
			if c.fix == nil {
				return
			}
			fixed, err := applyFix(files, *c.fix)
			if err != nil {
				t.Fatal(err)
			}
			if got := runCheck(t, filepath.Join(mod, c.name+".fixed"), fixed, c.files); got != "" {
				t.Errorf("%s: with its fix, check %s still prints:\n%s", c.fix.Where(), c.name, got)
			}
		})
	}
}

// runCheck writes files into dir and returns what a generation run over them prints.
func runCheck(t *testing.T, dir string, files map[string]string, bs []block) string {
	t.Helper()
	for p, content := range files {
		tempmod.WriteFile(t, filepath.Join(dir, filepath.FromSlash(p)), []byte(content))
	}
	deepCopyStubs(t, dir, files)
	cfg := generators.Config{
		Dir: dir, Patterns: []string{"./..."},
		OpenAPIOutputFile: "zz_generated.openapi.go", OutputFile: "zz_generated.validations.go",
		OpenAPIJSON: filepath.Join(dir, "openapi.json"), CRDDir: filepath.Join(dir, "crds"),
		Options: generators.Options{Compat: celenv.DefaultVersion(), FormatFallback: true},
	}
	for _, b := range bs {
		for k, v := range b.Flags {
			if err := checkFlag(&cfg, k, v); err != nil {
				t.Fatalf("%s: %v", b.Where(), err)
			}
		}
	}
	_, diags, err := generators.Run(cfg)
	got := diags.Error(dir)
	if err != nil {
		got += "validation-gen: " + err.Error() + "\n"
	}
	return got
}

// deepCopyStubs writes, beside each file of a case, the DeepCopyObject that deepcopy-gen (or
// controller-gen object) would write for its kinds (the struct types that embed metav1.TypeMeta),
// as a project has before it runs validation-gen: the pages show what a run prints about their
// subject, not the warning that RegisterValidations would not compile yet.
func deepCopyStubs(t *testing.T, dir string, files map[string]string) {
	for p, content := range files {
		if !strings.HasSuffix(p, ".go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, content, 0)
		if err != nil {
			continue // the run reports it
		}
		var kinds []string
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range g.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fld := range st.Fields.List {
					if sel, ok := fld.Type.(*ast.SelectorExpr); ok && len(fld.Names) == 0 && sel.Sel.Name == "TypeMeta" {
						kinds = append(kinds, ts.Name.Name)
					}
				}
			}
		}
		if len(kinds) == 0 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n", f.Name.Name)
		for _, k := range kinds {
			fmt.Fprintf(&b, "\nfunc (in *%s) DeepCopyObject() runtime.Object { c := *in; return &c }\n", k)
		}
		stub := strings.TrimSuffix(p, ".go") + "_deepcopy_stub.go"
		tempmod.WriteFile(t, filepath.Join(dir, filepath.FromSlash(stub)), []byte(b.String()))
	}
}

// checkFlag applies an option of a check file's marker, spelled as the command's flag.
func checkFlag(cfg *generators.Config, k, v string) error {
	switch k {
	case "strict":
		cfg.Strict = v == "true"
	case "test-tags":
		cfg.TestTags = v == "true"
	case "format-fallback":
		cfg.FormatFallback = v == "true"
	case "crd-dir":
		if v != "false" {
			return fmt.Errorf("crd-dir=%s: only crd-dir=false (no CRDs) is an option", v)
		}
		cfg.CRDDir = ""
	case "compatibility-version":
		cv, err := version.ParseMajorMinor(v)
		if err != nil {
			return err
		}
		cfg.Compat = cv
	default:
		return fmt.Errorf("unknown option %s (known: strict, test-tags, format-fallback, crd-dir, compatibility-version)", k)
	}
	return nil
}

// applyFix applies a fix block to the files of a case: hunks of lines starting with ' ' (kept),
// '-' (removed) or '+' (added), separated by lines starting "@@". Each hunk's kept and removed
// lines must occur exactly once, in order, in the one file of the case (or in the file the fix
// marker names).
func applyFix(files map[string]string, fix block) (map[string]string, error) {
	path := fix.Arg
	if path == "" {
		if len(files) != 1 {
			return nil, fmt.Errorf("%s: the case has %d files: say which one the fix applies to (<!-- check %s: fix PATH -->)", fix.Where(), len(files), fix.Name)
		}
		for p := range files {
			path = p
		}
	}
	src, ok := files[path]
	if !ok {
		return nil, fmt.Errorf("%s: the case has no file %s", fix.Where(), path)
	}
	var hunks [][]string
	cur := []string{}
	for _, l := range strings.Split(strings.TrimSuffix(fix.Content, "\n"), "\n") {
		if strings.HasPrefix(l, "@@") {
			hunks, cur = append(hunks, cur), []string{}
			continue
		}
		cur = append(cur, l)
	}
	hunks = append(hunks, cur)
	for i, h := range hunks {
		var old, new []string
		for _, l := range h {
			if l == "" {
				l = " " // an empty context line, its space trimmed by an editor
			}
			switch l[0] {
			case ' ':
				old, new = append(old, l[1:]), append(new, l[1:])
			case '-':
				old = append(old, l[1:])
			case '+':
				new = append(new, l[1:])
			default:
				return nil, fmt.Errorf("%s: hunk %d: line %q starts with neither ' ', '-' nor '+'", fix.Where(), i+1, l)
			}
		}
		o, n := strings.Join(old, "\n")+"\n", strings.Join(new, "\n")+"\n"
		if c := strings.Count(src, o); c != 1 {
			return nil, fmt.Errorf("%s: hunk %d: its old lines occur %d times in %s, want once:\n%s", fix.Where(), i+1, c, path, o)
		}
		src = strings.Replace(src, o, n, 1)
	}
	out := map[string]string{}
	for p, c := range files {
		out[p] = c
	}
	out[path] = src
	return out, nil
}

// TestApplyFix: hunks apply where their lines are, and a hunk that does not match is an error.
func TestApplyFix(t *testing.T) {
	files := map[string]string{"types.go": "package x\n\n// +maxLenght=10\nA string\n\n// +minimum=0\nB int\n"}
	fix := block{Page: "p.md", Line: 1, Name: "c", Content: " \n-// +maxLenght=10\n+// +maxLength=10\n@@\n-// +minimum=0\n+// +minimum=1\n B int\n"}
	got, err := applyFix(files, fix)
	if err != nil {
		t.Fatal(err)
	}
	if want := "package x\n\n// +maxLength=10\nA string\n\n// +minimum=1\nB int\n"; got["types.go"] != want {
		t.Errorf("applyFix = %q, want %q", got["types.go"], want)
	}
	for content, msg := range map[string]string{
		"-// +maxLength=10\n": "occur 0 times",
		"x\n":                 "starts with neither",
	} {
		if _, err := applyFix(files, block{Page: "p.md", Line: 1, Content: content}); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("applyFix(%q) = %v, want an error containing %q", content, err, msg)
		}
	}
	if _, err := applyFix(map[string]string{"a.go": "", "b.go": ""}, block{Page: "p.md", Line: 1}); err == nil {
		t.Error("a fix of a two-file case without a path applied")
	}
}
