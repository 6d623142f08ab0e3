package validators

import (
	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// immutableCheck reports a changed value (+immutable). In upstream's semantics it is apimachinery's
// validate.Immutable, which upstream calls for any value that differs from its old value, a value
// without one included (a new list item, a pointer that was nil): on update that is a change too.
// Its error is marked ShortCircuit, as upstream's. Elsewhere a value without an old one is not
// checked, as the API server's transition rule self == oldSelf does not run without oldSelf.
func (g *validatorGen) immutableCheck(n *model.Node, v, old string, o model.Origin) jen.Code {
	differs := jen.Op("!").Id(g.eq.fn(n.ValueType())).Call(jen.Id(v), jen.Id(old))
	if g.pkg.UpstreamSemantics() {
		return gated(o, jen.If(jen.Id(old).Op("==").Nil().Op("||").Add(differs)).Block(
			jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "AtValue").Call(
				jen.Qual(pkgValidate, "Immutable").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(v), jen.Id(old)).Dot("MarkShortCircuit").Call()), o).Op("..."))))
	}
	return gated(o, jen.If(jen.Id(old).Op("!=").Nil().Op("&&").Add(differs)).Block(
		jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "At").Call(
			jen.Qual(pkgField, "Invalid").Call(jen.Nil(), jen.Op("*").Id(v), jen.Lit("field is immutable")), jen.Lit(""), jen.Lit("immutable")), o))))
}

// clearedImmutable is upstream's +k8s:immutable for field p when its value v is unset (a nil
// pointer, a zero value, an empty list or map), where the value's own checks do not run: upstream
// runs every short-circuiting check of a field that changed, +k8s:optional and +k8s:required with
// validate.Immutable, so a value that was set and is now cleared is reported, and so is any value
// without an old object to compare with (a field of a new list item, on update).
func (g *validatorGen) clearedImmutable(n *model.Node, p *model.Property) jen.Code {
	o := n.V.Immutable.Origin
	var changed *jen.Statement
	if n.Pointer {
		changed = jen.Id("oldObj").Op("==").Nil().Op("||").Id("old").Op("!=").Nil()
	} else {
		changed = jen.Id("old").Op("==").Nil().Op("||").Op("!").Id(g.eq.fn(n.ValueType())).Call(jen.Id("v"), jen.Id("old"))
	}
	call := gatedExpr(o, jen.Qual(pkgValidate, "Immutable").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("v"), jen.Id("old")).Dot("MarkShortCircuit").Call())
	return jen.If(changed).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgGenRT, "PrefixChild").Call(
		marked(jen.Qual(pkgGenRT, "AtValue").Call(call), o), jen.Lit(p.Name)).Op("...")))
}
