// Package loader is the first stage: it loads Go packages with go/packages and indexes what the
// builder reads from them, the type and field declarations with their comment blocks, typed
// constants and package comments, with source positions. Errors in the loaded code are returned
// as positioned diagnostics.
//
// Only the input packages are type-checked from source; every other package comes from the
// export data the go command compiles and caches, and is parsed only once the builder reads one
// of its declarations (export.go). A cold build cache makes the first run compile the inputs'
// dependencies, as `go build` would.
package loader

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// Program is the loaded Go source: the input packages, type-checked from source, every package
// they depend on, from export data, and indexes from type-checker objects back to their
// declarations, built for each package when the builder first asks about it.
type Program struct {
	Fset   *token.FileSet
	Inputs []*packages.Package
	byPath map[string]*packages.Package
	// importers lists the packages that import each package directly, by import path.
	importers map[string][]*packages.Package
	// indexed and parsed mark the packages whose declarations are all indexed, and those loaded
	// from export data whose syntax is all read (into their Syntax); checked caches check's
	// results. A package from export data is parsed and indexed file by file as declarations are
	// asked for (files, indexedFile): most are read for a few types of one file.
	indexed, parsed map[*packages.Package]bool
	files           map[string]*ast.File
	indexedFile     map[*ast.File]bool
	// headers holds files of packages from export data parsed up to their package clause, for
	// their package tags (PackageTagLines).
	headers map[string]*ast.File
	checked map[*packages.Package]*types.Info
	// typeDecl maps a type name (named type or alias) to its declaration.
	typeDecl map[*types.TypeName]*TypeDecl
	// fieldDecl maps a struct field to its AST node.
	fieldDecl map[*types.Var]*ast.Field
	// constDoc maps a constant to its doc comment text, constPos to the position of its name.
	constDoc map[*types.Const]string
	// constComments maps a constant to its doc comment, for its tags (+k8s:enumExclude).
	constComments map[*types.Const]*ast.CommentGroup
	constPos      map[*types.Const]token.Pos
	// consts caches the typed constants of each named type, across all loaded packages.
	consts map[*types.TypeName][]*types.Const
	// searched are the module roots searched for output packages naming the run's packages
	// (siblingOutputs).
	searched []string
	// read holds a digest of every source file the program has read (read.go).
	read *readLog
	// ReadOnly holds the import paths of the input packages that are never written: those that
	// --readonly-pkg matches and those that a +k8s:validation-gen-input names (see LoadReadOnly).
	ReadOnly map[string]bool
}

// TypeDecl is the declaration of a named type or alias.
type TypeDecl struct {
	Spec *ast.TypeSpec
	// Doc is the comment block directly above the declaration (its description); Extra is the
	// block before that, which Kubernetes uses for tags such as +genclient.
	Doc, Extra *ast.CommentGroup
	file       *ast.File
}

// TypeDecl returns the declaration of a type name, or nil when its syntax is not available.
func (p *Program) TypeDecl(tn *types.TypeName) *TypeDecl {
	p.indexAt(tn)
	return p.typeDecl[tn]
}

// FieldDecl returns the AST of a struct field, or nil.
func (p *Program) FieldDecl(v *types.Var) *ast.Field {
	p.indexAt(v)
	return p.fieldDecl[v]
}

// Package returns a loaded package (input or dependency) by import path, or nil. Its Types are
// complete; its Syntax may not be loaded (PackageTagLines loads it).
func (p *Program) Package(path string) *packages.Package {
	pkg := p.byPath[path]
	if pkg != nil {
		p.complete(pkg)
	}
	return pkg
}

// ConstTagLines returns the lines of a constant's doc comment, with positions, for its tags.
func (p *Program) ConstTagLines(c *types.Const) []tags.Line {
	p.indexAt(c)
	return p.Lines(p.constComments[c])
}

// ConstDoc returns the doc comment text of a constant.
func (p *Program) ConstDoc(c *types.Const) string {
	p.indexAt(c)
	return p.constDoc[c]
}

// Consts returns the exported constants of a named type, across all loaded packages, in source
// order.
func (p *Program) Consts(tn *types.TypeName) []*types.Const {
	if cs, ok := p.consts[tn]; ok {
		return cs
	}
	var out []*types.Const
	if tn.Pkg() != nil {
		for _, pkg := range p.declaring(tn.Pkg()) {
			p.complete(pkg)
			scope := pkg.Types.Scope()
			n := len(out)
			for _, name := range scope.Names() {
				c, ok := scope.Lookup(name).(*types.Const)
				if !ok || !c.Exported() {
					continue
				}
				if named, ok := c.Type().(*types.Named); ok && named.Obj() == tn {
					out = append(out, c)
				}
			}
			if len(out) > n {
				p.index(pkg) // their docs and positions
			}
		}
	}
	pos := func(c *types.Const) token.Position {
		if at, ok := p.constPos[c]; ok {
			return p.Fset.Position(at)
		}
		return p.Fset.Position(c.Pos())
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := pos(out[i]), pos(out[j])
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	p.consts[tn] = out
	return out
}

// pkgOf returns the loaded package that declares an object, or nil.
func (p *Program) pkgOf(o types.Object) *packages.Package {
	if o == nil || o.Pkg() == nil {
		return nil
	}
	if pkg := p.byPath[o.Pkg().Path()]; pkg != nil && pkg.Types == o.Pkg() {
		return pkg
	}
	return nil
}

// Load resolves patterns from dir with go/packages and indexes the result. Type errors in the
// inputs' type and constant declarations are returned as diagnostics.
func Load(dir string, patterns []string) (*Program, model.Diagnostics, error) {
	return LoadReadOnly(dir, patterns, nil)
}

// LoadReadOnly is Load with read-only packages: the packages that the readOnly patterns match
// (--readonly-pkg) are loaded as inputs and marked read-only, and so is every package that an
// input's +k8s:validation-gen-input names, loaded with the inputs when no pattern matched it, and
// every output package elsewhere in the inputs' modules that names a package of the run
// (siblingOutputs), with the package it names. Read-only packages are type-checked and their tags
// read like any input; nothing is ever written into them.
func LoadReadOnly(dir string, patterns, readOnly []string) (*Program, model.Diagnostics, error) {
	all := append(append([]string(nil), patterns...), readOnly...)
	p, diags, err := load(dir, all)
	if err != nil || diags.HasErrors() {
		return p, diags, err
	}
	warnings := diags
	siblings, _ := p.siblingOutputs()
	for round := 0; ; round++ {
		var missing []string
		for _, path := range append(p.validationGenInputs(), siblings...) {
			if !p.isInput(path) && !slices.Contains(missing, path) {
				missing = append(missing, path)
			}
		}
		if len(missing) == 0 || round == 2 {
			break
		}
		klog.V(1).Infof("loading the output packages naming this run's packages and the input packages of +k8s:validation-gen-input: %s",
			strings.Join(missing, " "))
		all = append(all, missing...)
		if p, diags, err = load(dir, all); err != nil || diags.HasErrors() {
			return p, diags, err
		}
		warnings = diags
	}
	p.ReadOnly = map[string]bool{}
	for _, path := range append(p.validationGenInputs(), siblings...) {
		p.ReadOnly[path] = true
	}
	for _, pkg := range p.Inputs {
		for _, pat := range readOnly {
			if matchPattern(dir, pat, pkg) {
				p.ReadOnly[pkg.PkgPath] = true
			}
		}
	}
	return p, warnings, nil
}

// isInput reports whether an import path is one of the loaded inputs.
func (p *Program) isInput(path string) bool {
	for _, pkg := range p.Inputs {
		if pkg.PkgPath == path {
			return true
		}
	}
	return false
}

// validationGenInputs lists the import paths that the inputs' +k8s:validation-gen-input tags
// name, sorted, except a package naming itself (k8s.io/api/resource/v1 does). The tag itself is checked by the builder (tags/k8s_validationgeninput.go); a
// relative or empty value is left to it.
func (p *Program) validationGenInputs() []string {
	seen := map[string]bool{}
	var out []string
	for _, pkg := range p.Inputs {
		for _, r := range tags.Extract(p.PackageTagLines(pkg), tags.Multiline) {
			if r.Name != "k8s:validation-gen-input" {
				continue
			}
			v := strings.TrimSpace(r.Value)
			if u, err := strconv.Unquote(v); err == nil {
				v = u
			}
			if v == "" || v == "." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || v == pkg.PkgPath || seen[v] {
				continue
			}
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// matchPattern reports whether a go package pattern, as the go command reads it from dir, matches
// a loaded package: an import path, or a directory (./api, /abs/api), either ending in /... for
// everything below it. As the go command, ... does not reach into directories named testdata or
// vendor or starting with . or _, nor into another module.
func matchPattern(dir, pattern string, pkg *packages.Package) bool {
	rest, wild := strings.CutSuffix(pattern, "/...")
	if pattern == "..." {
		rest, wild = "", true
	}
	if strings.HasPrefix(pattern, ".") || filepath.IsAbs(pattern) {
		if len(pkg.GoFiles) == 0 {
			return false
		}
		want := rest
		if !filepath.IsAbs(want) {
			want = filepath.Join(dir, want)
		}
		got := filepath.Dir(pkg.GoFiles[0])
		rel, err := filepath.Rel(want, got)
		if err != nil || rel != "." && (!wild || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))) {
			return false
		}
		if m := pkg.Module; wild && m != nil && m.Dir != "" && !within(want, m.Dir) {
			return false // a nested module
		}
		return rel == "." || walked(filepath.ToSlash(rel))
	}
	if !strings.Contains(pattern, "...") {
		return pkg.PkgPath == pattern
	}
	// As the go command: ... matches any string, and a trailing /... also matches the empty one.
	re := regexp.QuoteMeta(pattern)
	re = strings.ReplaceAll(re, `/\.\.\.`, `(/.*)?`)
	re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
	if !regexp.MustCompile("^" + re + "$").MatchString(pkg.PkgPath) {
		return false
	}
	literal := pattern[:strings.Index(pattern, "...")]
	below := strings.TrimPrefix(pkg.PkgPath, literal[:strings.LastIndex(literal, "/")+1])
	return walked(below)
}

// walked reports whether the go command walks into every directory of a slash-separated path
// below a pattern's root when it expands ...: not testdata, vendor, or names starting with . or _.
func walked(rel string) bool {
	for _, elem := range strings.Split(rel, "/") {
		if elem == "testdata" || elem == "vendor" || strings.HasPrefix(elem, ".") || strings.HasPrefix(elem, "_") {
			return false
		}
	}
	return true
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// load loads and indexes the packages that patterns match.
func load(dir string, patterns []string) (*Program, model.Diagnostics, error) {
	p := newProgram()
	pkgs, err := p.loadPackages(dir, patterns)
	if err != nil {
		return nil, nil, err
	}
	var diags model.Diagnostics
	var roots []*packages.Package
	for _, pkg := range pkgs {
		if testOnly(pkg) {
			if named(dir, patterns, pkg) {
				diags.Warn(token.Position{Filename: pkgDir(pkg)}, "",
					"package %s has only test files: there is nothing to generate in it", pkg.PkgPath)
			}
			continue
		}
		d, err := rootDiags(pkg)
		if err != nil {
			return nil, nil, err
		}
		diags = append(diags, d...)
		roots = append(roots, pkg)
	}
	diags = append(diags, p.dependencyDiags(roots)...)
	if diags.HasErrors() {
		return nil, diags, nil
	}
	if len(roots) == 0 {
		return nil, diags, fmt.Errorf("no package with Go files other than tests matches %s", strings.Join(patterns, " "))
	}
	p.setInputs(roots)
	return p, diags, nil
}

// testOnly reports whether go list found a package of test files only (a directory of end-to-end
// tests): ./... matches it, and go build, go vet and controller-gen pass over it without a word.
func testOnly(pkg *packages.Package) bool {
	return len(pkg.GoFiles) == 0 && len(pkg.CompiledGoFiles) == 0 && len(pkg.Errors) == 0
}

// named reports whether a pattern without ... names pkg, by import path or directory.
func named(dir string, patterns []string, pkg *packages.Package) bool {
	for _, pat := range patterns {
		if strings.Contains(pat, "...") {
			continue
		}
		if pat == pkg.PkgPath {
			return true
		}
		if strings.HasPrefix(pat, ".") || filepath.IsAbs(pat) {
			if !filepath.IsAbs(pat) {
				pat = filepath.Join(dir, pat)
			}
			if pd := pkgDir(pkg); pd != "" && filepath.Clean(pat) == pd {
				return true
			}
		}
	}
	return false
}

// pkgDir returns the directory of a package without Go files, from its module; "" outside one.
func pkgDir(pkg *packages.Package) string {
	m := pkg.Module
	if m == nil || m.Dir == "" || !strings.HasPrefix(pkg.PkgPath+"/", m.Path+"/") {
		return ""
	}
	return filepath.Join(m.Dir, filepath.FromSlash(strings.TrimPrefix(pkg.PkgPath, m.Path)))
}

// newProgram returns a Program with nothing loaded.
func newProgram() *Program {
	return &Program{
		byPath:        map[string]*packages.Package{},
		importers:     map[string][]*packages.Package{},
		indexed:       map[*packages.Package]bool{},
		parsed:        map[*packages.Package]bool{},
		files:         map[string]*ast.File{},
		indexedFile:   map[*ast.File]bool{},
		headers:       map[string]*ast.File{},
		checked:       map[*packages.Package]*types.Info{},
		typeDecl:      map[*types.TypeName]*TypeDecl{},
		fieldDecl:     map[*types.Var]*ast.Field{},
		constDoc:      map[*types.Const]string{},
		constComments: map[*types.Const]*ast.CommentGroup{},
		constPos:      map[*types.Const]token.Pos{},
		consts:        map[*types.TypeName][]*types.Const{},
		read:          &readLog{sums: map[string]string{}, own: map[string]bool{}},
	}
}

// loadPackages runs go/packages over patterns from dir and returns the packages they match, the
// roots, with p.Fset set.
func (p *Program) loadPackages(dir string, patterns []string) ([]*packages.Package, error) {
	// Without NeedDeps, go/packages checks only the inputs from source and loads every other
	// package from the export data the go command compiles (and caches), which is an order of
	// magnitude faster and smaller than checking them all from source.
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedExportFile | packages.NeedModule,
		Dir: dir,
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			p.read.record(filename, src)
			return parseFile(fset, filename, src)
		},
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		if gerr := goListFailure(dir, patterns); gerr != nil {
			return nil, gerr // the go command's words, without go/packages' wrapping
		}
		return nil, fmt.Errorf("loading packages: %w", err)
	}
	if len(pkgs) == 0 {
		if err := goListFailure(dir, patterns); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	p.Fset = pkgs[0].Fset
	return pkgs, nil
}

// rootDiags returns the errors of a package that patterns matched: go list's, and type errors in
// its type and constant declarations; an error for a package without Go files.
func rootDiags(pkg *packages.Package) (model.Diagnostics, error) {
	var diags model.Diagnostics
	for _, e := range pkg.Errors {
		if e.Kind == packages.TypeError || buildFailure(pkg, e) {
			continue
		}
		diags = append(diags, packageError(e))
	}
	for _, e := range pkg.TypeErrors {
		if !inSchemaDecl(pkg, e.Pos) {
			// Code (function bodies, variables) does not make schemas, and with this
			// generator's previous outputs left out (parseFile) it may not compile.
			// Kubernetes' generators ignore such errors too.
			klog.V(2).Infof("ignoring type error outside type and constant declarations: %s", e)
			continue
		}
		diags = append(diags, model.Diagnostic{Pos: e.Fset.Position(e.Pos), Msg: e.Msg})
	}
	if len(pkg.GoFiles) == 0 && len(pkg.Errors) == 0 {
		return nil, fmt.Errorf("package %s has no Go files", pkg.PkgPath)
	}
	return diags, nil
}

// dependencyDiags returns the errors go list reports for the packages that the roots' files
// import, directly or not: a module missing from go.mod, a missing go.sum entry, a package that
// does not exist. The go command would not build the roots either, and without those packages
// their types are invalid, so the builder's errors would only say "invalid type". Each is
// positioned where go list puts it (the import that needs the package) and reported once. Only
// the imports of the files that are the run's input count: this generator's previous outputs are
// read as far as their package clause (parseFile), and what they import (kube-openapi, with
// dependencies a module's go.sum need not list until it builds them; a package of a stale
// output) must not stop the run that rewrites them.
func (p *Program) dependencyDiags(roots []*packages.Package) model.Diagnostics {
	var diags model.Diagnostics
	seen := map[*packages.Package]bool{}
	var visit func(pkg *packages.Package)
	visit = func(pkg *packages.Package) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		for _, e := range pkg.Errors {
			if e.Kind == packages.ListError && !buildFailure(pkg, e) {
				diags = append(diags, packageError(e))
			}
		}
		for _, imp := range pkg.Imports {
			visit(imp)
		}
	}
	for _, r := range roots {
		seen[r] = true
	}
	for _, r := range roots {
		for _, f := range r.Syntax {
			for _, spec := range f.Imports {
				if path, err := strconv.Unquote(spec.Path.Value); err == nil && r.Imports[path] != nil {
					visit(r.Imports[path])
				}
			}
		}
	}
	return diags
}

// goListFailure returns the go command's own error when it lists nothing because it cannot run
// (go.mod needs updating, an unknown module, a broken go.work): go/packages then returns no
// packages and no error, which would read as "no packages match".
func goListFailure(dir string, patterns []string) error {
	cmd := exec.Command("go", append([]string{"list", "-e", "-f", "{{.ImportPath}}", "--"}, patterns...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		return nil
	}
	msg := strings.TrimSpace(stderr.String())
	if msg == "" {
		return nil
	}
	return fmt.Errorf("the go command cannot list %s:\n%s", strings.Join(patterns, " "), msg)
}

// setInputs makes inputs the program's input packages, and what they import, directly or not,
// the packages it knows.
func (p *Program) setInputs(inputs []*packages.Package) {
	p.Inputs = append([]*packages.Package(nil), inputs...)
	sort.Slice(p.Inputs, func(i, j int) bool { return p.Inputs[i].PkgPath < p.Inputs[j].PkgPath })
	p.byPath = map[string]*packages.Package{}
	p.importers = map[string][]*packages.Package{}
	packages.Visit(p.Inputs, nil, func(pkg *packages.Package) {
		p.byPath[pkg.PkgPath] = pkg
		for _, imp := range pkg.Imports {
			p.importers[imp.PkgPath] = append(p.importers[imp.PkgPath], pkg)
		}
	})
}

// parseFile parses a file as go/packages does, except this generator's own previous outputs, of
// which it reads only the package clause: a stale or broken output must not change or stop the
// next run. Every other file is read as the go command builds the package, generated files of
// other tools included (a handwritten constant may refer to the GroupName of a
// zz_generated.register.go). Kubernetes' generators leave out every file built with
// `!ignore_autogenerated` instead, which leaves such packages incomplete.
//
// Function bodies are emptied, except those of the methods that define a type's schema
// (SchemaMethods): schemas come from declarations, and type-checking code (the marshalling
// functions of generated.pb.go files, ...) was most of the time and memory of loading large
// packages. The errors this leaves (missing returns, unused imports) are outside declarations
// that make schemas, and ignored as all such errors are (inSchemaDecl).
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	mode := parser.AllErrors | parser.ParseComments | parser.SkipObjectResolution
	if ownOutput(filename, src) {
		mode = parser.PackageClauseOnly | parser.ParseComments
	} else {
		src = purgeBodies(src) // not even parsed
	}
	f, err := parser.ParseFile(fset, filename, src, mode)
	if f != nil {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !(fd.Recv != nil && slices.Contains(SchemaMethods, fd.Name.Name)) {
				// Emptied, not removed: the declaration keeps its extent, which tells whose a
				// comment after it is (decls.go).
				fd.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace}
			}
		}
	}
	return f, err
}

// SchemaMethods are the methods through which a type defines its own schema, as openapi-gen
// honours them (metav1.Time, resource.Quantity, intstr.IntOrString, ...): each returns a constant
// or a literal of constants, which the builder reads from the method's body.
var SchemaMethods = []string{"OpenAPISchemaType", "OpenAPISchemaFormat", "OpenAPIV3OneOfTypes"}

// ownOutput reports whether a Go file is an output of this generator (output.Owned).
func ownOutput(filename string, src []byte) bool { return output.Owned(filename, src) }

// buildFailure reports whether an error of an input is the go command's failure to compile it
// ("# import/path" and the compiler's output), which it reports because export data is asked
// for. The inputs are checked from source, where the causes are reported as type errors, or
// ignored outside type and constant declarations as the loader ignores all such errors.
func buildFailure(pkg *packages.Package, e packages.Error) bool {
	return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# "+pkg.PkgPath+"\n")
}

// inSchemaDecl reports whether a position lies where a type error can change a schema: anywhere
// but in a function, a variable or an import declaration (an import that only function bodies
// use is unused once parseFile has dropped them; a missing one fails where types use it).
func inSchemaDecl(pkg *packages.Package, pos token.Pos) bool {
	for _, f := range pkg.Syntax {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if pos < d.Pos() || pos >= d.End() {
				continue
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				return false
			case *ast.GenDecl:
				return d.Tok != token.VAR && d.Tok != token.IMPORT
			}
		}
	}
	return true
}

// packageError turns a go/packages error ("file:line:col: msg") into a diagnostic.
func packageError(e packages.Error) model.Diagnostic {
	d := model.Diagnostic{Msg: e.Msg}
	parts := strings.SplitN(e.Pos, ":", 3)
	if len(parts) >= 2 {
		d.Pos.Filename = parts[0]
		d.Pos.Line, _ = strconv.Atoi(parts[1])
		if len(parts) == 3 {
			d.Pos.Column, _ = strconv.Atoi(parts[2])
		}
	} else {
		d.Pos.Filename = e.Pos
	}
	if d.Pos.Filename == "" || d.Pos.Filename == "-" {
		d.Pos.Filename = "<go list>"
	}
	return d
}
