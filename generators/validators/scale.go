package validators

import (
	"go/types"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// scaleChecks are the API server's own checks of a CRD with +kubebuilder:subresource:scale: the
// values at its spec and status replicas paths must be non-negative and fit an int32
// (apiextensions' ValidateScaleSpec and ValidateScaleStatus, "should be a non-negative integer"),
// whatever the schema says, on every create and update. They append to custom, rooted at the
// object's path, before ratcheting, as the server runs them. A path the Go fields do not lead to
// (through properties of structs, possibly pointers) checks nothing.
func (g *validatorGen) scaleChecks(d *model.Definition) []jen.Code {
	if d.Root == nil || d.Root.CRD.Scale == nil {
		return nil
	}
	sc := d.Root.CRD.Scale
	var out []jen.Code
	for _, path := range []string{sc.SpecPath, sc.StatusPath} {
		names := strings.Split(strings.TrimPrefix(path, "."), ".")
		n := d.Node
		expr := jen.Id("obj")
		var conds []jen.Code
		var last *model.Property
		ok := true
		for i, name := range names {
			var found *model.Property
			for _, p := range model.Effective(n).Properties {
				if p.Name == name {
					found = p
				}
			}
			if found == nil || found.AsString {
				ok = false
				break
			}
			expr = expr.Clone().Dot(found.GoName)
			if found.Node.Pointer && i < len(names)-1 {
				conds = append(conds, expr.Clone().Op("!=").Nil())
			}
			n, last = found.Node, found
		}
		if !ok || last == nil || last.Node.Kind != model.KindInteger {
			continue
		}
		b, isBasic := last.Node.ValueType().Underlying().(*types.Basic)
		if !isBasic {
			continue
		}
		val := expr.Clone()
		if last.Node.Pointer {
			conds = append(conds, expr.Clone().Op("!=").Nil())
			val = jen.Op("*").Add(expr.Clone())
		}
		invalid := func(cond *jen.Statement, msg string) jen.Code {
			all := append(append([]jen.Code{}, conds...), cond)
			var c *jen.Statement
			for i, x := range all {
				if i == 0 {
					c = jen.Add(x)
				} else {
					c = c.Op("&&").Add(x)
				}
			}
			return jen.If(c).Block(jen.Id("custom").Op("=").Append(jen.Id("custom"), jen.Qual(pkgGenRT, g.prefixRoot()).Call(
				jen.Qual(pkgField, "ErrorList").Values(jen.Qual(pkgGenRT, "At").Call(
					jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(), jen.Lit(msg)), jen.Lit(strings.Join(names, ".")), jen.Lit(""))),
				jen.Id("fldPath")).Op("...")))
		}
		if b.Info()&types.IsUnsigned == 0 {
			out = append(out, invalid(val.Clone().Op("<").Lit(0), "should be a non-negative integer"))
		}
		if size := types.SizesFor("gc", "amd64").Sizeof(b); size > 4 || b.Kind() == types.Uint32 {
			out = append(out, invalid(val.Clone().Op(">").Lit(2147483647), "should be less than or equal to 2147483647"))
		}
	}
	return out
}
