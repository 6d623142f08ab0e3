package loader

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/validation-gen/validation-gen/tags"
)

// index records the declarations of a package, once: its types with their comment blocks, the
// fields of its structs and the docs of its constants. A package checked from source is matched
// through the type checker's definitions; one loaded from export data is parsed and matched by
// name, in its package scope and in field order.
func (p *Program) index(pkg *packages.Package) {
	if p.indexed[pkg] || pkg.Types == nil {
		return
	}
	p.indexed[pkg] = true
	p.complete(pkg)
	p.parse(pkg)
	for _, f := range pkg.Syntax {
		p.indexFile(pkg, f)
	}
}

// indexFile records the declarations of one file of a package, once (see index).
func (p *Program) indexFile(pkg *packages.Package, f *ast.File) {
	if p.indexedFile[f] || pkg.Types == nil {
		return
	}
	p.indexedFile[f] = true
	def := func(id *ast.Ident) types.Object {
		if pkg.TypesInfo != nil {
			return pkg.TypesInfo.Defs[id]
		}
		return pkg.Types.Scope().Lookup(id.Name)
	}
	// Structs of packages from export data are matched once the file's types are known; `type A
	// B` needs B's declaration, which structOf looks up (and indexes) wherever it is.
	var later []*types.TypeName
	defer func() {
		for _, tn := range later {
			if st := p.structOf(tn, 0); st != nil {
				p.matchFields(st, types.Unalias(tn.Type()).Underlying().(*types.Struct))
			}
		}
	}()
	{
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
					tn, ok := def(ts.Name).(*types.TypeName)
					if !ok {
						continue
					}
					d := &TypeDecl{Spec: ts, Doc: ts.Doc, file: f}
					if d.Doc == nil && len(gd.Specs) == 1 {
						d.Doc = gd.Doc
					}
					if claimed == nil {
						claimed = claimedComments(f)
					}
					d.Extra = secondBlock(f, p.Fset, claimed, gd, ts, d.Doc)
					p.typeDecl[tn] = d
					if pkg.TypesInfo != nil {
						if st, ok := ts.Type.(*ast.StructType); ok {
							p.indexFields(pkg, st)
						}
					} else if _, ok := types.Unalias(tn.Type()).Underlying().(*types.Struct); ok {
						later = append(later, tn)
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
						c, ok := def(n).(*types.Const)
						if !ok {
							continue
						}
						p.constPos[c] = n.Pos()
						if doc != nil {
							p.constDoc[c] = commentText(doc)
							p.constComments[c] = doc
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
		for _, inner := range structLiterals(f.Type) {
			p.indexFields(pkg, inner)
		}
	}
}

// structLiterals returns the struct type literals a field's type expression holds outside other
// struct literals: struct{...} itself, or behind a pointer, as a list's items, as a map's keys or
// values (*struct{...}, []struct{...}, map[string]struct{...}, and any nesting of those).
func structLiterals(e ast.Expr) []*ast.StructType {
	switch x := ast.Unparen(e).(type) {
	case *ast.StructType:
		return []*ast.StructType{x}
	case *ast.StarExpr:
		return structLiterals(x.X)
	case *ast.ArrayType:
		return structLiterals(x.Elt)
	case *ast.MapType:
		return append(structLiterals(x.Key), structLiterals(x.Value)...)
	}
	return nil
}

// structTypes is structLiterals' counterpart in types: the struct types t holds outside other
// structs, in the same order.
func structTypes(t types.Type) []*types.Struct {
	switch x := t.(type) {
	case *types.Struct:
		return []*types.Struct{x}
	case *types.Pointer:
		return structTypes(x.Elem())
	case *types.Slice:
		return structTypes(x.Elem())
	case *types.Array:
		return structTypes(x.Elem())
	case *types.Map:
		return append(structTypes(x.Key()), structTypes(x.Elem())...)
	}
	return nil
}

// structOf returns the struct type expression that declares the fields of a type from export
// data: its own struct literal, or that of the type its declaration names (`type InternalEvent
// watch.Event`), whose fields export data gives this type copies of.
func (p *Program) structOf(tn *types.TypeName, depth int) *ast.StructType {
	d := p.TypeDecl(tn)
	if d == nil || depth > 8 {
		return nil
	}
	if st, ok := ast.Unparen(d.Spec.Type).(*ast.StructType); ok {
		return st
	}
	next := p.declaredFrom(tn, true)
	if next == nil {
		return nil
	}
	return p.structOf(next, depth+1)
}

// DeclaredFrom returns the named type a type definition names on its right-hand side (B in
// `type A B`, pkg.B in `type A pkg.B`), or nil for an alias, a type literal or a type whose
// syntax is not loaded. Go gives A only B's underlying type; controller-gen reads B's markers for
// A, and export data's copies of B's fields need B's declaration. It works alike for input
// packages and for dependencies from export data, which have syntax but no type information.
func (p *Program) DeclaredFrom(tn *types.TypeName) *types.TypeName {
	return p.declaredFrom(tn, false)
}

// declaredFrom is DeclaredFrom, following an alias's right-hand side too when aliases is set.
func (p *Program) declaredFrom(tn *types.TypeName, aliases bool) *types.TypeName {
	d := p.TypeDecl(tn)
	if d == nil || !aliases && d.Spec.Assign.IsValid() || tn.Pkg() == nil {
		return nil
	}
	var next *types.TypeName
	switch x := ast.Unparen(d.Spec.Type).(type) {
	case *ast.Ident:
		next, _ = tn.Pkg().Scope().Lookup(x.Name).(*types.TypeName)
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		if !ok {
			return nil
		}
		pkg := p.pkgOf(tn)
		for _, imp := range d.file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			ip := pkg.Imports[path]
			if ip == nil || ip.Types == nil {
				continue
			}
			if name := ip.Types.Name(); imp.Name != nil && imp.Name.Name == id.Name || imp.Name == nil && name == id.Name {
				p.complete(ip)
				next, _ = ip.Types.Scope().Lookup(x.Sel.Name).(*types.TypeName)
				break
			}
		}
	}
	if next == tn {
		return nil
	}
	return next
}

// matchFields records the AST of every field of a struct type from export data, nested
// anonymous structs included: fields are in declaration order, one per name or embedded type.
// Matching stops at the first field that differs.
func (p *Program) matchFields(st *ast.StructType, tst *types.Struct) {
	i := 0
	for _, f := range st.Fields.List {
		names := f.Names
		if len(names) == 0 {
			names = []*ast.Ident{nil} // embedded
		}
		for _, n := range names {
			if i >= tst.NumFields() || n == nil && !tst.Field(i).Embedded() || n != nil && tst.Field(i).Name() != n.Name {
				return
			}
			v := tst.Field(i)
			i++
			p.fieldDecl[v] = f
			inner, ist := structLiterals(f.Type), structTypes(v.Type())
			if len(inner) == len(ist) {
				for j := range inner {
					p.matchFields(inner[j], ist[j])
				}
			}
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
// Kubernetes writes package tags (doc.go). This generator's own outputs are left out: the next
// run must not depend on them (parseFile).
func (p *Program) PackageTagLines(pkg *packages.Package) []tags.Line {
	var out []tags.Line
	files := append([]*ast.File(nil), pkg.Syntax...)
	if pkg.TypesInfo == nil && !p.parsed[pkg] {
		// A package from export data: the package clauses are enough.
		files = files[:0]
		for _, name := range pkg.GoFiles {
			if f := p.header(name); f != nil {
				files = append(files, f)
			}
		}
	}
	sort.Slice(files, func(i, j int) bool {
		return p.Fset.Position(files[i].Pos()).Filename < p.Fset.Position(files[j].Pos()).Filename
	})
	for _, f := range files {
		if p.read.isOwn(p.Fset.Position(f.Pos()).Filename) {
			continue // this generator's previous output: its header is this run's, not the package's
		}
		for _, g := range f.Comments {
			if g.End() > f.Package {
				break
			}
			out = append(out, p.Lines(g)...)
		}
	}
	return out
}
