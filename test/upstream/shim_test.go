package upstream

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// The registration shim.
//
// Upstream's generated file registers validators into the package's testscheme builder:
//
//	func init() { localSchemeBuilder.Register(RegisterValidations) }
//
//	func RegisterValidations(scheme *testscheme.Scheme) error {
//		scheme.AddValidationFunc((*T1)(nil), func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList {
//			switch op.Request.SubresourcePath() {
//			case "/":
//				return Validate_T1(ctx, op, nil /* fldPath */, obj.(*T1), safe.Cast[*T1](oldObj))
//			}
//			return field.ErrorList{field.InternalError(nil, fmt.Errorf("no validation found for %T, subresource: %v", obj, op.Request.SubresourcePath()))}
//		})
//		return nil
//	}
//
// This project's generator writes Validate_T with the same signature, but its RegisterValidations
// registers root kinds into a runtime.Scheme. The shim stands in for upstream's RegisterValidations:
// it registers the same types, routes the same subresources, and calls this generator's
// Validate_T. What to register is read from upstream's generated file (in the module cache), as
// which types a package registers and for which subresources is decided by upstream's package and
// type tags (+k8s:validation-gen=..., +k8s:validation-gen-scheme-registry, +k8s:isSubresource,
// +k8s:supportsSubresource), which this generator does not read yet. When this generator writes a
// RegisterValidations(*testscheme.Scheme) itself, the package gets no shim.

// shimMissingPrefix starts the error the shim registers for a validator that was not generated.
const shimMissingPrefix = "upstream conformance shim: this project's validation-gen generated no "

// Registration is one AddValidationFunc call of upstream's RegisterValidations.
type Registration struct {
	// Type is the registered Go type as upstream spells it ("*T1", "*types.T1", "TypedefMap").
	Type string
	// Cases are the subresource paths that validate, each list one case clause ("/", "/scale").
	Cases [][]string
	// Func is the validator the cases call ("Validate_T1").
	Func string
}

// UpstreamRegistrations is what upstream's generated file registers.
type UpstreamRegistrations struct {
	// Builder is the package variable that upstream's init registers into (localSchemeBuilder).
	Builder string
	// Scheme is the import path of the scheme type RegisterValidations takes.
	Scheme        string
	Registrations []Registration
	// Imports maps the import names used by Type to their paths.
	Imports map[string]string
}

// parseUpstream reads upstream's generated file. It returns nil when the file registers nothing
// (no RegisterValidations, as with +k8s:validation-gen-scheme-registry=nil).
func parseUpstream(src []byte) (*UpstreamRegistrations, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "upstream.go", src, 0)
	if err != nil {
		return nil, err
	}
	imports := importNames(f)
	u := &UpstreamRegistrations{Imports: map[string]string{}}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil {
			continue
		}
		switch fd.Name.Name {
		case "init":
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Register" {
						if id, ok := sel.X.(*ast.Ident); ok && len(call.Args) == 1 && isIdent(call.Args[0], "RegisterValidations") {
							u.Builder = id.Name
						}
					}
				}
				return true
			})
		case "RegisterValidations":
			if params := fd.Type.Params.List; len(params) == 1 {
				if star, ok := params[0].Type.(*ast.StarExpr); ok {
					if sel, ok := star.X.(*ast.SelectorExpr); ok {
						if id, ok := sel.X.(*ast.Ident); ok {
							u.Scheme = imports[id.Name] + "." + sel.Sel.Name
						}
					}
				}
			}
			for _, stmt := range fd.Body.List {
				es, ok := stmt.(*ast.ExprStmt)
				if !ok {
					continue
				}
				call, ok := es.X.(*ast.CallExpr)
				if !ok || !isSelector(call.Fun, "AddValidationFunc") || len(call.Args) != 2 {
					continue
				}
				r, err := parseRegistration(fset, call, imports, u.Imports)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", fset.Position(call.Pos()), err)
				}
				u.Registrations = append(u.Registrations, r)
			}
		}
	}
	if u.Builder == "" || u.Scheme == "" || len(u.Registrations) == 0 {
		return nil, nil
	}
	return u, nil
}

// parseRegistration reads scheme.AddValidationFunc((*T)(nil), func(...) { switch ... }).
func parseRegistration(fset *token.FileSet, call *ast.CallExpr, imports, used map[string]string) (Registration, error) {
	var r Registration
	conv, ok := call.Args[0].(*ast.CallExpr) // (*T)(nil)
	if !ok {
		return r, fmt.Errorf("registered type is not a conversion of nil")
	}
	typ := conv.Fun
	if p, ok := typ.(*ast.ParenExpr); ok {
		typ = p.X
	}
	r.Type = exprString(fset, typ)
	ast.Inspect(typ, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = imports[id.Name]
			}
		}
		return true
	})
	lit, ok := call.Args[1].(*ast.FuncLit)
	if !ok {
		return r, fmt.Errorf("validation function is not a function literal")
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		cc, ok := n.(*ast.CaseClause)
		if !ok {
			return true
		}
		var paths []string
		for _, e := range cc.List {
			if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				s, _ := strconv.Unquote(bl.Value)
				paths = append(paths, s)
			}
		}
		ast.Inspect(cc, func(n ast.Node) bool {
			if rs, ok := n.(*ast.ReturnStmt); ok && len(rs.Results) == 1 {
				if c, ok := rs.Results[0].(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && strings.HasPrefix(id.Name, "Validate_") {
						r.Func = id.Name
					}
				}
			}
			return true
		})
		r.Cases = append(r.Cases, paths)
		return false
	})
	if r.Func == "" || len(r.Cases) == 0 {
		return r, fmt.Errorf("no subresource case calling a Validate_ function")
	}
	return r, nil
}

// OurFile is what this generator's file declares.
type OurFile struct {
	// Validators maps each Validate_ function to the Go type of its obj parameter ("*T1").
	Validators map[string]string
	// RegistersTestscheme is set when it declares RegisterValidations(*<testscheme>.Scheme), so it
	// registers into upstream's scheme itself and needs no shim.
	RegistersTestscheme bool
}

// parseOurs reads this generator's file; a nil src (no file generated) declares nothing.
func parseOurs(src []byte, scheme string) (*OurFile, error) {
	o := &OurFile{Validators: map[string]string{}}
	if src == nil {
		return o, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "ours.go", src, 0)
	if err != nil {
		return nil, err
	}
	imports := importNames(f)
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		params := fd.Type.Params.List
		switch {
		case strings.HasPrefix(fd.Name.Name, "Validate_"):
			// (ctx, op, fldPath, obj, oldObj): the obj parameter is the fourth name.
			n := 0
			for _, p := range params {
				for range p.Names {
					if n == 3 {
						o.Validators[fd.Name.Name] = exprString(fset, p.Type)
					}
					n++
				}
			}
			if _, ok := o.Validators[fd.Name.Name]; !ok {
				o.Validators[fd.Name.Name] = "" // an unexpected signature: the shim's call will not compile
			}
		case fd.Name.Name == "RegisterValidations" && len(params) == 1:
			if star, ok := params[0].Type.(*ast.StarExpr); ok {
				if sel, ok := star.X.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && imports[id.Name]+"."+sel.Sel.Name == scheme {
						o.RegistersTestscheme = true
					}
				}
			}
		}
	}
	return o, nil
}

// shimSource writes the shim for a package: upstream's registrations calling this generator's
// validators. A validator this generator did not write is registered as a function that returns
// an internal error naming it (and reported in missing), so the package still compiles and its
// tests say what is missing.
func shimSource(pkgName string, up *UpstreamRegistrations, ours *OurFile) (src []byte, missing []string, err error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by validation-gen's upstream conformance test (test/upstream). DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package %s\n\n", pkgName)
	imports := map[string]string{
		"context": "context", "fmt": "fmt", "operation": "k8s.io/apimachinery/pkg/api/operation",
		"safe": "k8s.io/apimachinery/pkg/api/safe", "field": "k8s.io/apimachinery/pkg/util/validation/field",
	}
	schemePkg, schemeType := splitLast(up.Scheme)
	imports["upstreamshimscheme"] = schemePkg
	for name, path := range up.Imports {
		imports[name] = path
	}
	names := make([]string, 0, len(imports))
	for n := range imports {
		names = append(names, n)
	}
	sort.Strings(names)
	b.WriteString("import (\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\t%s %q\n", n, imports[n])
	}
	b.WriteString(")\n\n")
	b.WriteString("var _ = safe.Cast[any]\n\n")
	fmt.Fprintf(&b, "func init() { %s.Register(upstreamShimRegisterValidations) }\n\n", up.Builder)
	b.WriteString("// upstreamShimRegisterValidations registers what upstream's RegisterValidations registers,\n")
	b.WriteString("// calling this generator's validators.\n")
	fmt.Fprintf(&b, "func upstreamShimRegisterValidations(scheme *upstreamshimscheme.%s) error {\n", schemeType)
	for _, r := range up.Registrations {
		fmt.Fprintf(&b, "\tscheme.AddValidationFunc((%s)(nil), func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList {\n", r.Type)
		ourType, ok := ours.Validators[r.Func]
		if !ok {
			missing = append(missing, r.Func)
			fmt.Fprintf(&b, "\t\treturn field.ErrorList{field.InternalError(nil, fmt.Errorf(%q))}\n",
				shimMissingPrefix+r.Func+" for "+r.Type)
			b.WriteString("\t})\n")
			continue
		}
		b.WriteString("\t\tswitch op.Request.SubresourcePath() {\n")
		for _, c := range r.Cases {
			quoted := make([]string, len(c))
			for i, p := range c {
				quoted[i] = strconv.Quote(p)
			}
			fmt.Fprintf(&b, "\t\tcase %s:\n", strings.Join(quoted, ", "))
			switch {
			case ourType == r.Type || ourType == "":
				fmt.Fprintf(&b, "\t\t\treturn %s(ctx, op, nil, obj.(%s), safe.Cast[%s](oldObj))\n", r.Func, r.Type, r.Type)
			case ourType == "*"+r.Type: // upstream validates a map or slice type by value
				fmt.Fprintf(&b, "\t\t\tnewObj := obj.(%s)\n", r.Type)
				fmt.Fprintf(&b, "\t\t\tvar old *%s\n", r.Type)
				fmt.Fprintf(&b, "\t\t\tif o, ok := oldObj.(%s); ok {\n\t\t\t\told = &o\n\t\t\t}\n", r.Type)
				fmt.Fprintf(&b, "\t\t\treturn %s(ctx, op, nil, &newObj, old)\n", r.Func)
			case "*"+ourType == r.Type:
				fmt.Fprintf(&b, "\t\t\tvar old %s\n", ourType)
				fmt.Fprintf(&b, "\t\t\tif o := safe.Cast[%s](oldObj); o != nil {\n\t\t\t\told = *o\n\t\t\t}\n", r.Type)
				fmt.Fprintf(&b, "\t\t\treturn %s(ctx, op, nil, *obj.(%s), old)\n", r.Func, r.Type)
			default: // does not compile: the compile error names both types
				fmt.Fprintf(&b, "\t\t\treturn %s(ctx, op, nil, obj.(%s), safe.Cast[%s](oldObj))\n", r.Func, r.Type, r.Type)
			}
		}
		b.WriteString("\t\t}\n")
		b.WriteString("\t\treturn field.ErrorList{field.InternalError(nil, fmt.Errorf(\"no validation found for %T, subresource: %v\", obj, op.Request.SubresourcePath()))}\n")
		b.WriteString("\t})\n")
	}
	b.WriteString("\treturn nil\n}\n")
	src, err = format.Source(b.Bytes())
	if err != nil {
		return nil, nil, fmt.Errorf("formatting the shim: %v\n%s", err, b.String())
	}
	return src, missing, nil
}

func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = path
	}
	return m
}

func exprString(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	_ = printer.Fprint(&b, fset, e)
	return b.String()
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func isSelector(e ast.Expr, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name
}

func splitLast(qualified string) (pkg, name string) {
	i := strings.LastIndex(qualified, ".")
	return qualified[:i], qualified[i+1:]
}

// fixtureSource is the test upstream's generator writes for +k8s:validation-gen-test-fixture=validateFalse.
func fixtureSource(pkgName string) string {
	return "// Code generated by validation-gen's upstream conformance test (test/upstream). DO NOT EDIT.\n\n" +
		"package " + pkgName + "\n\nimport \"testing\"\n\n" +
		"// " + fixtureTest + " is what upstream's validation-gen generates for +k8s:validation-gen-test-fixture=validateFalse:\n" +
		"// every registered type, filled by a fuzzer, must fail exactly the +k8s:validateFalse tags in testdata/validate-false.json.\n" +
		"func " + fixtureTest + "(t *testing.T) {\n\tlocalSchemeBuilder.Test(t).ValidateFixtures()\n}\n"
}
