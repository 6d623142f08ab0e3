package validators

import (
	"go/types"
	"regexp"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// decls is what one generated file declares at package level besides the validators themselves:
// helper functions and variables (equality functions, key types, compiled CEL rules, native fast
// paths, parsed quantities), each under a package-unique name and declared once per key.
type decls struct {
	// pkg is the package whose types get exported Validate_T functions; out is the package the
	// file is written into: pkg itself, or an output package (+k8s:validation-gen-input).
	pkg, out *model.Package
	// memo maps what a helper is for (a Go type string for equality functions; "func:", "fast:",
	// "quantity:", ... prefixes for the others) to its declared name.
	memo map[string]string
	// pending holds declarations deferred until every validator is written (equality helpers,
	// which may ask for further helpers as they are written).
	pending []func()
	vars    []jen.Code
	names   map[string]int
	// lazy holds declarations in vars that stay empty until used (CEL variables).
	lazy map[string]lazyDecl
	// celReport collects, per CEL rule, whether it runs in Go or why it runs in cel-go.
	celReport []CELReportLine
	// unexported records the unexported types of other packages that the file would have to name
	// (it would not compile), by qualified name.
	unexported map[string]bool
	// typeParams, while a generic helper is written, names the type parameters that stand for the
	// types the file cannot name (see equalities.fn).
	typeParams map[*types.TypeName]string
}

var notIdent = regexp.MustCompile(`[^A-Za-z0-9_]`)

// unique returns a package-unique identifier based on base.
func (d *decls) unique(base string) string {
	base = notIdent.ReplaceAllString(base, "_")
	d.names[base]++
	if n := d.names[base]; n > 1 {
		return base + "_" + strconv.Itoa(n)
	}
	return base
}

// goType renders a Go type as seen from the generated package.
func (d *decls) goType(t types.Type) *jen.Statement {
	switch x := t.(type) {
	case *types.Alias:
		return d.goType(types.Unalias(x))
	case *types.Named:
		obj := x.Obj()
		var name *jen.Statement
		if p, ok := d.typeParams[obj]; ok {
			return jen.Id(p)
		}
		switch {
		case obj.Pkg() == nil, obj.Pkg().Path() == d.out.Path:
			name = jen.Id(obj.Name())
		default:
			name = jen.Qual(obj.Pkg().Path(), obj.Name())
			if !obj.Exported() {
				if d.unexported == nil {
					d.unexported = map[string]bool{}
				}
				d.unexported[obj.Pkg().Path()+"."+obj.Name()] = true
			}
		}
		if args := x.TypeArgs(); args.Len() > 0 { // an instantiated generic type
			var list []jen.Code
			for i := range args.Len() {
				list = append(list, d.goType(args.At(i)))
			}
			name = name.Types(list...)
		}
		return name
	case *types.Pointer:
		return jen.Op("*").Add(d.goType(x.Elem()))
	case *types.Slice:
		return jen.Index().Add(d.goType(x.Elem()))
	case *types.Array:
		return jen.Index(jen.Lit(int(x.Len()))).Add(d.goType(x.Elem()))
	case *types.Map:
		return jen.Map(d.goType(x.Key())).Add(d.goType(x.Elem()))
	case *types.Basic:
		return jen.Id(x.Name())
	case *types.Interface:
		return jen.Interface()
	case *types.Struct:
		// An anonymous struct: identical to the field's type only with the same field names,
		// types and tags (a tag is any string literal; a quoted one keeps its text exactly).
		var fields []jen.Code
		for i := range x.NumFields() {
			f := x.Field(i)
			var field *jen.Statement
			if f.Embedded() {
				field = d.goType(f.Type())
			} else {
				field = jen.Id(f.Name()).Add(d.goType(f.Type()))
			}
			if tag := x.Tag(i); tag != "" {
				field = field.Lit(tag)
			}
			fields = append(fields, field)
		}
		return jen.Struct(fields...)
	}
	// Channels and functions have no JSON form, so API types never hold them.
	return jen.Id(types.TypeString(t, nil))
}

// unnameable reports whether the file cannot name a named type: it is unexported, in another
// package.
func (d *decls) unnameable(n *types.Named) bool {
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() != d.out.Path && !obj.Exported()
}
