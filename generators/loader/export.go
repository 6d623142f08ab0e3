package loader

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
	"k8s.io/klog/v2"
)

// Only the input packages are type-checked from source. Every other package comes from the
// export data the go command compiled, and is parsed, without type-checking, only when the
// builder first reads one of its declarations: its types are the export data's, so they are
// the very objects the inputs' types refer to, and its syntax is matched to them by name.

// complete reads the whole export data of a package. go/packages reads it only for the inputs'
// direct dependencies; a package further away holds just the objects those mention.
func (p *Program) complete(pkg *packages.Package) {
	if pkg.Types == nil || pkg.Types.Complete() || pkg.TypesInfo != nil || pkg.ExportFile == "" {
		return
	}
	// gcexportdata reuses the packages of the view and the objects already in them, so the
	// objects it adds are the ones every other package's types refer to.
	view := map[string]*types.Package{}
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		if _, ok := view[q.PkgPath]; ok || q.Types == nil {
			return
		}
		view[q.PkgPath] = q.Types
		for _, imp := range q.Imports {
			visit(imp)
		}
	}
	visit(pkg)
	f, err := os.Open(pkg.ExportFile)
	if err != nil {
		klog.Warningf("reading the export data of %s: %v", pkg.PkgPath, err)
		return
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err == nil {
		_, err = gcexportdata.Read(r, p.Fset, view, pkg.PkgPath)
	}
	if err != nil {
		klog.Warningf("reading the export data of %s: %v", pkg.PkgPath, err)
	}
}

// parse reads the syntax of every file of a package loaded from export data, once, into its
// Syntax in the order of its GoFiles.
func (p *Program) parse(pkg *packages.Package) {
	if pkg.TypesInfo != nil || p.parsed[pkg] {
		return
	}
	p.parsed[pkg] = true
	pkg.Syntax = pkg.Syntax[:0]
	for _, name := range pkg.GoFiles {
		if f := p.parseOne(name); f != nil {
			pkg.Syntax = append(pkg.Syntax, f)
		}
	}
}

// parseOne reads the syntax of one file of a package loaded from export data, once.
func (p *Program) parseOne(name string) *ast.File {
	return p.readOnce(p.files, name, func(src []byte) (*ast.File, error) { return parseFile(p.Fset, name, src) })
}

// header returns a file of a package loaded from export data as far as its package clause, with
// the comments before it: its whole syntax when it is parsed already.
func (p *Program) header(name string) *ast.File {
	if f := p.files[name]; f != nil {
		return f
	}
	return p.readOnce(p.headers, name, func(src []byte) (*ast.File, error) {
		return parser.ParseFile(p.Fset, name, src, parser.PackageClauseOnly|parser.ParseComments)
	})
}

// readOnce reads and parses a file once into cache (nil when it cannot be read); problems are
// logged, as a dependency's are not the user's to fix.
func (p *Program) readOnce(cache map[string]*ast.File, name string, parse func([]byte) (*ast.File, error)) *ast.File {
	if f, ok := cache[name]; ok {
		return f
	}
	cache[name] = nil
	src, err := os.ReadFile(name)
	if err != nil {
		klog.Warningf("reading %s: %v", name, err)
		return nil
	}
	p.read.record(name, src)
	f, err := parse(src)
	if err != nil {
		klog.Warningf("parsing %s: %v", name, err)
	}
	cache[name] = f
	return f
}

// indexAt indexes the declarations around an object: for a package loaded from export data, only
// those of the file that declares it (export data records each object's file), which spares
// parsing the rest of large packages (metav1's generated.pb.go) when a few types are read; for
// an input package, or when the file is not one of the package's (a field that export data
// copied from another package's type, a build with -trimpath), the whole package.
func (p *Program) indexAt(o types.Object) {
	pkg := p.pkgOf(o)
	if pkg == nil || p.indexed[pkg] {
		return
	}
	if pkg.TypesInfo == nil && o.Pos().IsValid() {
		name := p.Fset.File(o.Pos()).Name()
		if slices.Contains(pkg.GoFiles, name) {
			p.complete(pkg)
			if f := p.parseOne(name); f != nil {
				if !slices.Contains(pkg.Syntax, f) {
					pkg.Syntax = append(pkg.Syntax, f)
				}
				p.indexFile(pkg, f)
				return
			}
		}
	}
	p.index(pkg)
}

// declaring returns the packages that can declare a constant of a type of pkg: pkg and every
// loaded package that imports it, directly or not.
func (p *Program) declaring(pkg *types.Package) []*packages.Package {
	first := p.byPath[pkg.Path()]
	if first == nil || first.Types != pkg {
		return nil
	}
	out := []*packages.Package{first}
	seen := map[*packages.Package]bool{first: true}
	for i := 0; i < len(out); i++ {
		for _, imp := range p.importers[out[i].PkgPath] {
			if !seen[imp] {
				seen[imp] = true
				out = append(out, imp)
			}
		}
	}
	return out
}

// FuncDecl returns the declaration of a function or method, with type information for the
// expressions of the return statements directly in its body (for a package checked from source,
// for all of it), or nil when its package's syntax is not available.
func (p *Program) FuncDecl(f *types.Func) (*ast.FuncDecl, *types.Info) {
	pkg := p.pkgOf(f)
	if pkg == nil {
		return nil, nil
	}
	p.indexAt(f)
	syntax := pkg.Syntax
	if pkg.TypesInfo == nil && f.Pos().IsValid() {
		if file := p.files[p.Fset.File(f.Pos()).Name()]; file != nil {
			syntax = []*ast.File{file} // indexAt parsed the file that declares it
		}
	}
	for _, file := range syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if pkg.TypesInfo != nil {
				if pkg.TypesInfo.Defs[fd.Name] == f {
					return fd, pkg.TypesInfo
				}
				continue
			}
			if fd.Name.Name == f.Name() && recvName(fd) == recvTypeName(f) {
				return fd, p.returnTypes(pkg, fd)
			}
		}
	}
	return nil, nil
}

// returnTypes type-checks the expressions of the return statements of a function of a package
// loaded from export data: in the package's scope, which is enough for constants and literals,
// else by checking the package's syntax against its dependencies' export data.
func (p *Program) returnTypes(pkg *packages.Package, fd *ast.FuncDecl) *types.Info {
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if fd.Body == nil {
		return info
	}
	for _, s := range fd.Body.List {
		ret, ok := s.(*ast.ReturnStmt)
		if !ok {
			continue
		}
		for _, e := range ret.Results {
			if err := types.CheckExpr(p.Fset, pkg.Types, token.NoPos, e, info); err != nil {
				return p.check(pkg)
			}
		}
	}
	return info
}

// check type-checks the syntax of a package loaded from export data, against the export data
// of its imports, for the types of its expressions. The objects it declares are copies, not
// the package's own; only the expressions' types and constant values are used. Errors are
// ignored, as they are for function bodies of the inputs.
func (p *Program) check(pkg *packages.Package) *types.Info {
	if info, ok := p.checked[pkg]; ok {
		return info
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	p.checked[pkg] = info
	p.parse(pkg) // every file: the package's scope
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			imp := pkg.Imports[path]
			if imp == nil || imp.Types == nil {
				return nil, os.ErrNotExist
			}
			p.complete(imp)
			return imp.Types, nil
		}),
		Error:       func(error) {},
		FakeImportC: true,
	}
	_, _ = conf.Check(pkg.PkgPath, p.Fset, pkg.Syntax, info)
	return info
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// recvName is the name of the receiver's base type of a method declaration, "" for a function.
func recvName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	e := fd.Recv.List[0].Type
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// recvTypeName is the name of the receiver's base type of a method, "" for a function.
func recvTypeName(f *types.Func) string {
	recv := f.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := types.Unalias(recv.Type())
	if ptr, ok := t.(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}
