package validators

import (
	"reflect"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// unchangedFn names the function that a validator's ratcheting short-circuit calls to decide
// that an update changed nothing it checks: func(a, b *T) bool.
//
// In a package written for Kubernetes' validation-gen every check ratchets on the values it
// reads (upstream's generated code skips a field whose value equals its old one, and unions and
// modes skip when their members did not change), so when every value that carries a check is
// unchanged, every check would be skipped. Such a struct is compared on those values alone, and
// not on the rest (labels, annotations, TypeMeta, fields without tags): unchanged_T. Elsewhere,
// and for a struct whose own tags read the whole value, it is the whole value's equality.
func (g *validatorGen) unchangedFn(d *model.Definition) string {
	if !g.decomposable(d) {
		return g.eq.fn(d.Node.GoType)
	}
	key := "unchanged:" + d.GoPackage + "." + d.GoName
	if name, ok := g.memo[key]; ok {
		return name
	}
	name := g.unique("unchanged_" + typeIdent(d.Node.GoType))
	g.memo[key] = name
	g.pending = append(g.pending, func() {
		var conds []jen.Code
		for _, p := range d.Node.Properties {
			if !g.matters(p.Node) {
				continue
			}
			conds = append(conds, g.unchangedProperty(p))
		}
		body := jen.Return(jen.True())
		if len(conds) > 0 {
			expr := jen.Add(conds[0])
			for _, c := range conds[1:] {
				expr = expr.Op("&&").Line().Add(c)
			}
			body = jen.Return(expr)
		}
		g.vars = append(g.vars, jen.Comment(name+" reports whether a and b agree on every value that "+d.GoName+"'s validator checks."),
			jen.Func().Id(name).Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Add(g.goType(d.Node.GoType))).Bool().Block(body))
	})
	return name
}

// unchangedProperty compares one field of a and b: through its type's unchanged_T when that type
// is compared by parts, else whole.
func (g *validatorGen) unchangedProperty(p *model.Property) jen.Code {
	a, b := jen.Id("a").Dot(p.GoName), jen.Id("b").Dot(p.GoName)
	n := p.Node
	if n.Ref == nil || n.Opaque != nil || !plainNode(n, true) || !g.decomposable(n.Ref) {
		return jen.Id(g.eq.fn(n.GoType)).Call(jen.Op("&").Add(a), jen.Op("&").Add(b))
	}
	fn := g.unchangedFn(n.Ref)
	if !n.Pointer {
		return jen.Id(fn).Call(jen.Op("&").Add(a), jen.Op("&").Add(b))
	}
	return jen.Parens(jen.Add(a).Op("==").Nil()).Op("==").Parens(jen.Add(b).Op("==").Nil()).
		Op("&&").Parens(jen.Add(a).Op("==").Nil().Op("||").Id(fn).Call(a, b))
}

// matters reports whether a field's value is read by a check: it carries validation, or a tag
// that asks for a check is written on it.
func (g *validatorGen) matters(n *model.Node) bool {
	return g.nodeCarries(n) || !plainNode(n, false)
}

// decomposable reports whether a definition's values may be compared by the fields its validator
// checks alone (see unchangedFn): a struct of a package written for Kubernetes' validation-gen,
// without tags of its own, whose checked fields are its own (not promoted through an embedded
// field), whose embedded fields carry nothing and none of whose fields depends on others
// (+k8s:dependentRequired, +k8s:dependentForbidden).
func (g *validatorGen) decomposable(d *model.Definition) bool {
	n := d.Node
	if !d.Package.UpstreamSemantics() || d.Special || n.Kind != model.KindObject || n.Opaque != nil || !plainNode(n, true) || !validatable(d) {
		return false
	}
	for _, e := range n.Embedded {
		if g.matters(e.Node) {
			return false
		}
	}
	for _, p := range n.Properties {
		if (p.Promoted != "" || len(p.Via) > 0) && g.matters(p.Node) {
			return false
		}
		if len(p.Node.V.Dependencies) > 0 {
			return false // +k8s:dependentRequired reads fields that may carry no tag of their own
		}
	}
	return true
}

// plainNode reports whether no tag that asks for a check is written on a node: +optional alone
// reports nothing and does not count (with a default it makes the field required, and counts);
// with pointerRequired, neither does +required on a pointer, which reads only whether it is nil
// (unchangedProperty compares that).
func plainNode(n *model.Node, pointerRequired bool) bool {
	v := n.V
	if v.Default == nil {
		v.Optional = nil
	}
	if pointerRequired && n.Pointer {
		v.Required = nil
	}
	v.Schema = model.SchemaTags{}
	return reflect.ValueOf(v).IsZero() && len(n.Enum) == 0 && n.Opaque == nil
}
