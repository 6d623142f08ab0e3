package validators

import (
	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// presenceProperty emits the block of a field with requiredness tags gated on validation options
// (+k8s:ifEnabled(Option)=+k8s:optional, +k8s:ifDisabled(Option)=+k8s:forbidden, ...), as
// upstream's validation-gen generates it: every requiredness tag of the field is a short-circuiting
// check, and they all run (+k8s:forbidden first, then the gated ones in tag order, then
// +k8s:required or +k8s:optional); when any of them stops, nothing else about the field is checked.
//
//   - +k8s:required stops with a Required error when the value is unset;
//   - +k8s:optional stops, without error, when it is unset;
//   - +k8s:forbidden stops always: with a Forbidden error when the value is set.
//
// A gated check runs only when its options have the given values (genruntime.IfOption, which asks
// validate.IfOption); an option the operation does not define stops the field with an internal
// error, except for +k8s:optional, whose errors upstream's code discards (it only stops). As in
// upstream's generated code, an update that leaves the field unchanged is not checked at all
// (ratcheting), so an object keeps a value that a disabled feature now forbids.
//
// required is the field's ungated requiredness (goRequired), origin the origin of its Required
// error. It returns nil when the value is always present (a struct): requiredness means nothing
// there, and the caller emits the field as if no tag were gated.
func (g *validatorGen) presenceProperty(d *model.Definition, p *model.Property, required bool, origin string, afterUpdate bool) []jen.Code {
	n := p.Node
	upstream := d.Package.UpstreamSemantics()
	absent := g.propAbsent(p, "v")
	if absent == nil {
		return nil
	}
	g.listName = p.Name
	// The field's own +k8s:update is checked by property, beside its presence.
	vn := *n
	vn.V.Update = nil
	// +k8s:immutable is one of the short-circuiting checks below, in upstream's semantics.
	immutable := upstream && n.V.Immutable != nil
	if immutable {
		vn.V.Immutable = nil
	}
	// Every short-circuiting check of the value runs, as upstream's do, after a requiredness check
	// stopped the field too (an undefined option, a forbidden value) and after a failed
	// +k8s:update; the rest only when none of them stopped it.
	shortCircuit, rest := g.valueCheckParts(&vn, "v", "old", 1, false)
	more := jen.Op("!").Id("stop")
	if afterUpdate {
		more = more.Op("&&").Len(jen.Id("upd")).Op("==").Lit(0)
	}
	checks := joinShortCircuit(shortCircuit, rest, more)
	vt := n.ValueType()

	stop := func() jen.Code { return jen.Id("stop").Op("=").True() }
	report := func(ctor jen.Code, errOrigin string, o model.Origin) jen.Code {
		return jen.Id("errs").Op("=").Append(jen.Id("errs"), marked(jen.Qual(pkgGenRT, "At").Call(
			ctor, jen.Lit(p.Name), jen.Lit(errOrigin)), o))
	}
	// check is one requiredness check, run when its gate (if any) is open.
	check := func(kind string, o model.Origin) []jen.Code {
		switch kind {
		case "required":
			return []jen.Code{jen.If(absent.Clone()).Block(report(jen.Qual(pkgField, "Required").Call(jen.Nil(), jen.Lit("")), origin, o), stop())}
		case "optional":
			return []jen.Code{jen.If(absent.Clone()).Block(stop())}
		}
		return []jen.Code{jen.If(jen.Op("!").Parens(absent.Clone())).Block(report(jen.Qual(pkgField, "Forbidden").Call(jen.Nil(), jen.Lit("")), "", o)), stop()}
	}
	// gatedCheck nests the check in its options, outermost first.
	gatedCheck := func(pr model.Presence) jen.Code {
		body := check(pr.Kind, pr.Origin)
		undefined := []jen.Code{stop()}
		if pr.Kind != "optional" {
			undefined = []jen.Code{jen.Id("errs").Op("=").Append(jen.Id("errs"),
				marked(jen.Qual(pkgGenRT, "PrefixChild").Call(jen.Id("ie"), jen.Lit(p.Name)), pr.Origin).Op("...")), stop()}
		}
		for i := len(pr.Options) - 1; i >= 0; i-- {
			o := pr.Options[i]
			body = []jen.Code{jen.If(jen.List(jen.Id("on"), jen.Id("ie")).Op(":=").Qual(pkgGenRT, "IfOption").Call(
				jen.Id("ctx"), jen.Id("op"), jen.Lit(o.Name), jen.Lit(o.Enabled)), jen.Len(jen.Id("ie")).Op(">").Lit(0)).Block(undefined...).
				Else().If(jen.Id("on")).Block(body...)}
		}
		tag := "+k8s:" + pr.Kind
		for i := len(pr.Options) - 1; i >= 0; i-- {
			tag = "+k8s:" + optionTag(pr.Options[i]) + "(" + pr.Options[i].Name + ")=" + tag
		}
		return jen.Comment(tag).Add(jen.Line()).Add(body...)
	}

	var decls []jen.Code
	if f := n.V.Forbidden; f != nil {
		decls = append(decls, check("forbidden", f.Origin)...)
	}
	for _, pr := range n.V.GatedPresence {
		decls = append(decls, gatedCheck(pr))
	}
	switch optional := model.GoFlag(n.V.Optional, upstream); {
	case required && optional == nil:
		decls = append(decls, check("required", requiredOrigin(n, upstream))...)
	case optional != nil:
		decls = append(decls, check("optional", optional.Origin)...)
	}

	block := []jen.Code{jen.Id("v").Op(":=").Add(valueOf("obj", p.GoName, n.Pointer)),
		// The old value: for ratcheting the whole field, and for the checks.
		jen.Var().Id("old").Op("*").Add(g.goType(vt)),
		jen.If(jen.Id("oldObj").Op("!=").Nil().Add(viaSet("oldObj", p.Via))).Block(jen.Id("old").Op("=").Add(valueOf("oldObj", p.GoName, n.Pointer)))}
	unchanged := jen.Id("ratchet").Op("&&").Id("oldObj").Op("!=").Nil().Op("&&").Parens(
		jen.Id("v").Op("==").Id("old").Op("||").Id("v").Op("!=").Nil().Op("&&").Id("old").Op("!=").Nil().Op("&&").
			Id(g.eq.fn(vt)).Call(jen.Id("v"), jen.Id("old")))
	field := []jen.Code{jen.Id("stop").Op(":=").False()}
	field = append(field, decls...)
	if immutable {
		// Upstream's validate.Immutable, which runs with the requiredness checks, whether the
		// value is set or not: any change, a value cleared or set included, is the error.
		o := n.V.Immutable.Origin
		changed := jen.Id("oldObj").Op("==").Nil().Op("||").Op("!").Parens(jen.Id("v").Op("==").Id("old").Op("||").
			Id("v").Op("!=").Nil().Op("&&").Id("old").Op("!=").Nil().Op("&&").Id(g.eq.fn(vt)).Call(jen.Id("v"), jen.Id("old")))
		call := gatedExpr(o, jen.Qual(pkgValidate, "Immutable").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("v"), jen.Id("old")).Dot("MarkShortCircuit").Call())
		field = append(field, jen.Comment("+k8s:immutable"), jen.If(changed).Block(
			jen.If(jen.Id("ie").Op(":=").Qual(pkgGenRT, "AtValue").Call(call), jen.Len(jen.Id("ie")).Op(">").Lit(0)).Block(
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgGenRT, "PrefixChild").Call(marked(jen.Id("ie"), o), jen.Lit(p.Name)).Op("...")),
				stop())))
	}
	if len(checks) > 0 {
		present := append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, checks...),
			jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgGenRT, "PrefixChild").Call(jen.Id("e"), jen.Lit(p.Name)).Op("..."))))
		if n.Pointer || !upstream {
			// A nil pointer has nothing to check; outside upstream's semantics neither has a zero value.
			field = append(field, jen.If(jen.Op("!").Parens(absent.Clone())).Block(present...))
		} else {
			field = append(field, jen.Block(present...))
		}
	}
	field = append(field, jen.Id("_").Op("=").Id("stop")) // read, or not, by the checks above
	block = append(block, jen.Comment("an unchanged field is not checked again (ratcheting)"),
		jen.If(jen.Op("!").Parens(unchanged)).Block(field...))
	if len(p.Via) > 0 {
		// Promoted through an embedded pointer: when it is nil, JSON has none of its fields.
		return []jen.Code{jen.Comment(p.Name), jen.If(jen.Id("obj").Dot(p.Via[0]).Op("!=").Nil().Add(viaSet("obj", p.Via[1:]))).Block(block...)}
	}
	return []jen.Code{jen.Comment(p.Name), jen.Block(block...)}
}

// optionTag is the tag that writes an option gate.
func optionTag(o model.OptionGate) string {
	if o.Enabled {
		return "ifEnabled"
	}
	return "ifDisabled"
}
