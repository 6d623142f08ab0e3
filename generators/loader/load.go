// Package loader is the first stage: it loads Go packages with go/packages and indexes what the
// builder reads from them, the type and field declarations with their comment blocks, typed
// constants and package comments, with source positions. Errors in the loaded code are returned
// as positioned diagnostics.
package loader

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// Program is the loaded Go source: the input packages, every package they depend on (with syntax,
// so that comments of types from other modules can be read), and indexes from type-checker
// objects back to their declarations.
type Program struct {
	Fset   *token.FileSet
	Inputs []*packages.Package
	byPath map[string]*packages.Package
	// typeDecl maps a type name (named type or alias) to its declaration.
	typeDecl map[*types.TypeName]*TypeDecl
	// fieldDecl maps a struct field to its AST node.
	fieldDecl map[*types.Var]*ast.Field
	// constDoc maps a constant to its doc comment text.
	constDoc map[*types.Const]string
	// constsByType lists the typed constants of each named type, across all loaded packages.
	constsByType map[*types.TypeName][]*types.Const
}

// TypeDecl is the declaration of a named type or alias.
type TypeDecl struct {
	Spec *ast.TypeSpec
	// Doc is the comment block directly above the declaration (its description); Extra is the
	// block before that, which Kubernetes uses for tags such as +genclient.
	Doc, Extra *ast.CommentGroup
}

// TypeDecl returns the declaration of a type name, or nil when it was not loaded with syntax.
func (p *Program) TypeDecl(tn *types.TypeName) *TypeDecl { return p.typeDecl[tn] }

// FieldDecl returns the AST of a struct field, or nil.
func (p *Program) FieldDecl(v *types.Var) *ast.Field { return p.fieldDecl[v] }

// Package returns a loaded package (input or dependency) by import path, or nil.
func (p *Program) Package(path string) *packages.Package { return p.byPath[path] }

// ConstDoc returns the doc comment text of a constant.
func (p *Program) ConstDoc(c *types.Const) string { return p.constDoc[c] }

// Consts returns the exported typed constants of a named type, across all loaded packages, in
// source order.
func (p *Program) Consts(tn *types.TypeName) []*types.Const { return p.constsByType[tn] }

// Load resolves patterns from dir with go/packages and indexes the result. Type errors in the
// inputs' type and constant declarations are returned as diagnostics.
func Load(dir string, patterns []string) (*Program, model.Diagnostics, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Dir:       dir,
		ParseFile: parseFile,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading packages: %w", err)
	}
	if len(pkgs) == 0 {
		return nil, nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	p := &Program{
		Inputs:       pkgs,
		byPath:       map[string]*packages.Package{},
		typeDecl:     map[*types.TypeName]*TypeDecl{},
		fieldDecl:    map[*types.Var]*ast.Field{},
		constDoc:     map[*types.Const]string{},
		constsByType: map[*types.TypeName][]*types.Const{},
	}
	var diags model.Diagnostics
	for _, pkg := range pkgs {
		p.Fset = pkg.Fset
		for _, e := range pkg.Errors {
			if e.Kind != packages.TypeError {
				diags = append(diags, packageError(e))
			}
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
			return nil, nil, fmt.Errorf("package %s has no Go files", pkg.PkgPath)
		}
	}
	if len(diags) > 0 {
		return nil, diags, nil
	}
	sort.Slice(p.Inputs, func(i, j int) bool { return p.Inputs[i].PkgPath < p.Inputs[j].PkgPath })
	packages.Visit(pkgs, nil, func(pkg *packages.Package) {
		p.byPath[pkg.PkgPath] = pkg
		p.index(pkg)
	})
	for _, cs := range p.constsByType {
		sort.Slice(cs, func(i, j int) bool { return cs[i].Pos() < cs[j].Pos() })
	}
	return p, nil, nil
}

// parseFile parses a file as go/packages does, except this generator's own previous outputs, of
// which it reads only the package clause: a stale or broken output must not change or stop the
// next run. Every other file is read as the go command builds the package, generated files of
// other tools included (a handwritten constant may refer to the GroupName of a
// zz_generated.register.go). Kubernetes' generators leave out every file built with
// `!ignore_autogenerated` instead, which leaves such packages incomplete.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	mode := parser.AllErrors | parser.ParseComments
	if ownOutput(filename, src) {
		mode = parser.PackageClauseOnly | parser.ParseComments
	}
	return parser.ParseFile(fset, filename, src, mode)
}

// ownOutput reports whether a Go file is an output of this generator: it carries
// output.GeneratedComment as a line comment before its package clause.
func ownOutput(filename string, src []byte) bool {
	if !bytes.Contains(src, []byte(output.GeneratedComment)) {
		return false
	}
	f, err := parser.ParseFile(token.NewFileSet(), filename, src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return false
	}
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if c.Text == "// "+output.GeneratedComment {
				return true
			}
		}
	}
	return false
}

// inSchemaDecl reports whether a position lies where a type error can change a schema: anywhere
// but in a function or a variable declaration.
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
				return d.Tok != token.VAR
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

func (p *Program) index(pkg *packages.Package) {
	if pkg.TypesInfo == nil {
		return
	}
	for _, f := range pkg.Syntax {
		var claimed map[*ast.CommentGroup]bool
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch gd.Tok {
			case token.TYPE:
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					tn, ok := pkg.TypesInfo.Defs[ts.Name].(*types.TypeName)
					if !ok {
						continue
					}
					d := &TypeDecl{Spec: ts, Doc: ts.Doc}
					if d.Doc == nil && len(gd.Specs) == 1 {
						d.Doc = gd.Doc
					}
					if claimed == nil {
						claimed = claimedComments(f)
					}
					d.Extra = secondBlock(f, pkg.Fset, claimed, gd, ts, d.Doc)
					p.typeDecl[tn] = d
					if st, ok := ts.Type.(*ast.StructType); ok {
						p.indexFields(pkg, st)
					}
				}
			case token.CONST:
				for _, s := range gd.Specs {
					vs := s.(*ast.ValueSpec)
					doc := vs.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					for _, n := range vs.Names {
						c, ok := pkg.TypesInfo.Defs[n].(*types.Const)
						if !ok {
							continue
						}
						if doc != nil {
							p.constDoc[c] = commentText(doc)
						}
						if named, ok := c.Type().(*types.Named); ok && c.Exported() {
							tn := named.Obj()
							p.constsByType[tn] = append(p.constsByType[tn], c)
						}
					}
				}
			}
		}
	}
}

// indexFields records the AST of every field of a struct type, nested anonymous structs included.
func (p *Program) indexFields(pkg *packages.Package, st *ast.StructType) {
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			// Embedded fields are defined by their type expression's identifier.
			if id := embeddedIdent(f.Type); id != nil {
				if v, ok := pkg.TypesInfo.Defs[id].(*types.Var); ok {
					p.fieldDecl[v] = f
				}
			}
		}
		for _, n := range f.Names {
			if v, ok := pkg.TypesInfo.Defs[n].(*types.Var); ok {
				p.fieldDecl[v] = f
			}
		}
		if inner, ok := f.Type.(*ast.StructType); ok {
			p.indexFields(pkg, inner)
		}
	}
}

func embeddedIdent(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.StarExpr:
		return embeddedIdent(x.X)
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return embeddedIdent(x.X)
	}
	return nil
}

// claimedComments returns the comment groups that go/ast attaches to a declaration, a spec or a
// field, as its doc comment or its line comment: each belongs to that node and to no other.
func claimedComments(f *ast.File) map[*ast.CommentGroup]bool {
	claimed := map[*ast.CommentGroup]bool{f.Doc: true}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			claimed[n.Doc] = true
		case *ast.FuncDecl:
			claimed[n.Doc] = true
		case *ast.TypeSpec:
			claimed[n.Doc], claimed[n.Comment] = true, true
		case *ast.ValueSpec:
			claimed[n.Doc], claimed[n.Comment] = true, true
		case *ast.ImportSpec:
			claimed[n.Doc], claimed[n.Comment] = true, true
		case *ast.Field:
			claimed[n.Doc], claimed[n.Comment] = true, true
		}
		return true
	})
	delete(claimed, nil)
	return claimed
}

// secondBlock returns the comment block that Kubernetes' generators read as a type's "second
// closest" comment, where tags such as +genclient live: the block that ends exactly one blank line
// above the type's doc comment (above the declaration when it has none). A tag belongs to exactly
// one declaration, so the block is the type's only when it is nobody else's: not the doc or line
// comment of another declaration, spec or field (go/ast's association), and with no other
// declaration between it and this one. Kubernetes' generators (gengo) count lines only, so there
// `// +maxLength=3` / `type A string` / `type B string` gives B the limit too; here it does not.
func secondBlock(f *ast.File, fset *token.FileSet, claimed map[*ast.CommentGroup]bool, gd *ast.GenDecl, spec ast.Spec, doc *ast.CommentGroup) *ast.CommentGroup {
	anchor := spec.Pos()
	switch {
	case doc != nil:
		anchor = doc.Pos()
	case !gd.Lparen.IsValid():
		anchor = gd.Pos()
	}
	line := fset.Position(anchor).Line
	var block *ast.CommentGroup
	for _, g := range f.Comments {
		if g.End() >= anchor {
			break
		}
		if fset.Position(g.End()).Line == line-2 {
			block = g
		}
	}
	if block == nil || claimed[block] {
		return nil
	}
	// Lines, not offsets: a comment after code on the same line (`}` // +tag) is that code's.
	first := fset.Position(block.Pos()).Line
	between := func(n ast.Node) bool {
		return fset.Position(n.Pos()).Line < line && fset.Position(n.End()).Line >= first
	}
	for _, d := range f.Decls {
		if d != ast.Decl(gd) {
			if between(d) {
				return nil
			}
			continue
		}
		// In a parenthesised group, the block must lie inside the group, after every other spec.
		if gd.Lparen.IsValid() && fset.Position(gd.Lparen).Line >= first {
			return nil
		}
		for _, s := range gd.Specs {
			if s != spec && between(s) {
				return nil
			}
		}
	}
	return block
}

// Lines returns the lines of // comments of a group, with positions, for tag extraction.
func (p *Program) Lines(g *ast.CommentGroup) []tags.Line {
	if g == nil {
		return nil
	}
	var out []tags.Line
	for _, c := range g.List {
		if !strings.HasPrefix(c.Text, "//") {
			continue
		}
		text := c.Text[2:]
		pos := p.Fset.Position(c.Slash)
		pos.Column += 2
		pos.Offset += 2
		// Drop one space after the marker, as continuation lines of multi-line values do.
		if strings.HasPrefix(text, " ") {
			text = text[1:]
			pos.Column++
			pos.Offset++
		}
		out = append(out, tags.Line{Text: text, Pos: pos})
	}
	return out
}

// commentText returns the lines of a comment group without markers (for descriptions).
func commentText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	var lines []string
	for _, c := range g.List {
		t := c.Text
		switch {
		case strings.HasPrefix(t, "//"):
			t = strings.TrimPrefix(t[2:], " ")
			lines = append(lines, t)
		case strings.HasPrefix(t, "/*"):
			for _, l := range strings.Split(strings.TrimSuffix(t[2:], "*/"), "\n") {
				lines = append(lines, strings.TrimSpace(l))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// PackageTagLines returns the comment lines before the package clause of every file: where
// Kubernetes writes package tags (doc.go).
func (p *Program) PackageTagLines(pkg *packages.Package) []tags.Line {
	var out []tags.Line
	files := append([]*ast.File(nil), pkg.Syntax...)
	sort.Slice(files, func(i, j int) bool {
		return p.Fset.Position(files[i].Pos()).Filename < p.Fset.Position(files[j].Pos()).Filename
	})
	for _, f := range files {
		for _, g := range f.Comments {
			if g.End() > f.Package {
				break
			}
			out = append(out, p.Lines(g)...)
		}
	}
	return out
}
