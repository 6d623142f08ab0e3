package validators

import (
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// modeChecks emits the modalities of a struct definition (+k8s:modeDiscriminator, +k8s:ifMode):
// per modality (by name) and member field (by Go name), the check of apimachinery's
// validate.Discriminated (see discriminated), which runs the rule of the current mode, or, in a
// mode without one, reports a set field Forbidden, and ratchets an update that changes neither
// mode nor field.
func (g *validatorGen) modeChecks(d *model.Definition) []jen.Code {
	discriminators := map[string]*model.Property{}
	members := map[string][]*model.Property{}
	own := d.OwnProperties() // in upstream's semantics an embedded struct's modes are its own
	for _, p := range own {
		if md := p.Node.V.ModeDiscriminator; md != nil {
			discriminators[md.Modality] = p
		}
		seen := map[string]bool{}
		for _, m := range p.Node.V.IfModes {
			if !seen[m.Modality] {
				seen[m.Modality] = true
				members[m.Modality] = append(members[m.Modality], p)
			}
		}
	}
	// The options of the struct's first +k8s:ifMode tag (in field and tag order) gate all its mode
	// checks, as in upstream's generated code, where that tag's deferred generator emits them all.
	var gate model.Origin
	for _, p := range own {
		if len(p.Node.V.IfModes) > 0 {
			gate = p.Node.V.IfModes[0].Origin
			break
		}
	}
	var modalities []string
	for m := range members {
		modalities = append(modalities, m)
	}
	sort.Strings(modalities)
	var out []jen.Code
	for _, modality := range modalities {
		disc := discriminators[modality]
		ms := members[modality]
		sort.Slice(ms, func(i, j int) bool { return ms[i].GoName < ms[j].GoName })
		for _, p := range ms {
			out = append(out, jen.Comment(p.Name+": +k8s:ifMode"), g.discriminated(d, disc, p, modality, gate))
		}
	}
	return out
}

// discriminated checks one member field of a modality as validate.Discriminated does. The field's
// value is a pointer (nil when a pointer field is unset).
//
// Errors carry stability levels as upstream marks them: a mode's rule marks its errors with the
// levels of its tags, and the Forbidden of a field set in a mode without rules has the level of
// the field's +k8s:ifMode tags when they all have the same one. gate's options gate the call.
func (g *validatorGen) discriminated(d *model.Definition, disc, p *model.Property, modality string, gate model.Origin) jen.Code {
	n := p.Node
	vt := jen.Op("*").Add(g.goType(n.ValueType()))
	dt := g.goType(disc.Node.GoType)
	get := valueOf("obj", p.GoName, n.Pointer)
	params := func(old string) jen.Code {
		return jen.Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
			jen.Id("fldPath").Op("*").Qual(pkgField, "Path"), jen.Id("v"), jen.Id(old).Add(vt.Clone()))
	}
	// The mode's rules, in the order of the modes' first tags.
	byMode := map[string][]*model.IfMode{}
	var modes []string
	level, uniform, seen := "", true, false
	for _, m := range n.V.IfModes {
		if m.Modality != modality {
			continue
		}
		if !seen {
			level, seen = m.Level, true
		} else if m.Level != level {
			uniform = false
		}
		if _, ok := byMode[m.Mode]; !ok {
			modes = append(modes, m.Mode)
		}
		byMode[m.Mode] = append(byMode[m.Mode], m)
	}
	sort.Strings(modes)
	// The dispatch of validate.Discriminated, written out so that a valid object allocates nothing
	// (the library builds the member's path before it knows of an error): an update that changes
	// neither mode nor member is not checked; else the current mode's rule runs, or, in a mode
	// without one, a set member is Forbidden. The rules are the library's DiscriminatedRule
	// validations, called with a nil path; their errors are re-rooted at the member.
	var cases []jen.Code
	for _, mode := range modes {
		var value jen.Code = jen.Lit(mode)
		if disc.Node.Kind == model.KindBoolean {
			b, _ := strconv.ParseBool(mode)
			value = jen.Lit(b)
		}
		rule := jen.Func().Add(params("old")).Qual(pkgField, "ErrorList").Block(g.modeRule(n, byMode[mode])...)
		cases = append(cases, jen.Case(value).Block(jen.Id("e").Op("=").Add(rule).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("v"), jen.Id("old"))))
	}
	absent := g.absent(n, "v")
	if absent == nil {
		absent = jen.False()
	}
	forbiddenLevel := model.Origin{}
	if uniform {
		forbiddenLevel.Level = level
	}
	cases = append(cases, jen.Default().Block(jen.If(jen.Op("!").Parens(absent)).Block(
		jen.Id("e").Op("=").Add(marked(jen.Qual(pkgField, "ErrorList").Values(jen.Qual(pkgField, "Forbidden").Call(jen.Nil(), jen.Lit(""))), forbiddenLevel)))))
	unchanged := jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update").Op("&&").Id("oldObj").Op("!=").Nil().Op("&&").
		Id("d").Op("==").Id("oldD").Op("&&").Parens(jen.Id("v").Op("==").Id("old").Op("||").Id("v").Op("!=").Nil().Op("&&").
		Id("old").Op("!=").Nil().Op("&&").Id(g.eq.fn(n.ValueType())).Call(jen.Id("v"), jen.Id("old")))
	body := []jen.Code{
		jen.List(jen.Id("v"), jen.Id("d")).Op(":=").List(get, jen.Id("obj").Dot(disc.GoName)),
		jen.Var().Id("old").Add(vt.Clone()),
		jen.Var().Id("oldD").Add(dt.Clone()),
		jen.If(jen.Id("oldObj").Op("!=").Nil()).Block(
			jen.List(jen.Id("old"), jen.Id("oldD")).Op("=").List(valueOf("oldObj", p.GoName, n.Pointer), jen.Id("oldObj").Dot(disc.GoName))),
		jen.If(unchanged).Block(jen.Return(jen.Nil())),
		jen.Var().Id("e").Qual(pkgField, "ErrorList"),
		jen.Switch(jen.Id("d")).Block(cases...),
		jen.Return(jen.Qual(pkgGenRT, "PrefixChild").Call(jen.Id("e"), jen.Lit(p.Name))),
	}
	check := jen.Func().Params().Qual(pkgField, "ErrorList").Block(body...).Call()
	return jen.Id("errs").Op("=").Append(jen.Id("errs"), gatedExpr(gate, check).Op("..."))
}

// modeRule is the body of one mode's rule: the field's checks in that mode, errors at fldPath.
// +k8s:required makes an unset field an error, +k8s:optional an unset field valid; an unset
// pointer has nothing else to check.
func (g *validatorGen) modeRule(field *model.Node, ifModes []*model.IfMode) []jen.Code {
	// The mode's presence is its tags' merged (the first of each kind); its checks are each tag's.
	var checks []jen.Code
	pieces := make([]*model.Validations, 0, len(ifModes))
	for _, m := range ifModes {
		pieces = append(pieces, m.V)
		checks = append(checks, g.valueChecks(m.Node, "v", "old", 1, false)...)
	}
	merged := model.MergeValidations(pieces, nil)
	required, optional, forbidden := merged.Required, merged.Optional, merged.Forbidden
	var out []jen.Code
	// at returns an error of the flag's tag, marked with its stability level.
	at := func(e jen.Code, f *model.Flag) jen.Code {
		return jen.Return(marked(jen.Qual(pkgField, "ErrorList").Values(e), f.Origin))
	}
	if absent := g.absent(field, "v"); absent != nil {
		switch {
		case forbidden != nil:
			return []jen.Code{jen.If(jen.Op("!").Parens(absent)).Block(at(jen.Qual(pkgField, "Forbidden").Call(jen.Id("fldPath"), jen.Lit("")), forbidden)),
				jen.Return(jen.Nil())}
		case required != nil:
			out = append(out, jen.If(absent).Block(at(jen.Qual(pkgField, "Required").Call(jen.Id("fldPath"), jen.Lit("")), required)))
		case len(checks) == 0:
		case optional != nil || field.Pointer:
			out = append(out, jen.If(absent).Block(jen.Return(jen.Nil())))
		}
	}
	if len(checks) == 0 {
		return append(out, jen.Return(jen.Nil()))
	}
	out = append(out, jen.Var().Id("e").Qual(pkgField, "ErrorList"))
	if uses(checks, "ratchet") {
		// validate.Discriminated has ratcheted an unchanged mode and value; a value under a
		// changed mode is checked even when it did not change.
		out = append(out, jen.Id("ratchet").Op(":=").False().Comment("Discriminated ratcheted an unchanged mode and value"))
	}
	out = append(out, checks...)
	return append(out, jen.Return(jen.Qual(pkgGenRT, "PrefixPath").Call(jen.Id("e"), jen.Id("fldPath"))))
}
