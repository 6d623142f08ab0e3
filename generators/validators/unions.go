package validators

import (
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// hostMember is a value that takes part in the unions or dependencies of the struct or list that
// holds it: a field of the struct (its properties, or the fields +k8s:subfield selects), or the
// items of a list that +k8s:item selects.
type hostMember struct {
	name   string // JSON name, or for list items "list[{"key": value}]", as errors name it
	goName string // Go field name; "" for list items
	goType types.Type
	tags   *model.Validations
	via    []string            // embedded pointers a promoted field is reached through
	sel    *model.ItemSelector // set for list items
}

// carriesHostTags reports whether a value is a union member or a dependency trigger: the struct or
// list holding it then has checks.
func carriesHostTags(v *model.Validations) bool {
	for _, u := range v.Unions {
		if u.Role != model.UnionDiscriminator {
			return true
		}
	}
	return len(v.Dependencies) > 0
}

// propertyMembers are the members of a struct definition's own fields.
func propertyMembers(props []*model.Property) []hostMember {
	var out []hostMember
	for _, p := range props {
		out = append(out, hostMember{name: p.Name, goName: p.GoName, goType: p.Node.GoType, tags: &p.Node.V, via: p.Via})
	}
	return out
}

// subfieldMembers are the members +k8s:subfield declares on a struct value.
func subfieldMembers(n *model.Node) []hostMember {
	var out []hostMember
	for _, sf := range n.V.Subfields {
		out = append(out, hostMember{name: sf.Name, goName: sf.GoName, goType: sf.GoType, tags: sf.V})
	}
	return out
}

// itemMembers are the items +k8s:item selects in a list named list (as errors name it).
func itemMembers(n *model.Node, list string) []hostMember {
	var out []hostMember
	for _, it := range n.V.ItemSelectors {
		out = append(out, hostMember{name: it.MemberName(list), tags: it.V, sel: it})
	}
	return out
}

// hostChecks emits the checks of the unions (apimachinery's validate.Union, DiscriminatedUnion,
// ZeroOrOneOfUnion: one call per union, unions of members by name, then zero-or-one-of unions
// by name) and dependencies (validate.DependentRequired / DependentForbidden, in field and tag
// order) among the members of a struct or list of Go type host, obj and old being pointers to
// it; props are the struct's properties, which dependencies name. The library ratchets each
// check: an update that changes no member's presence is not checked. key names the host for
// the membership variables.
func (g *validatorGen) hostChecks(host types.Type, key string, members []hostMember, props []*model.Property, obj, old, target string) []jen.Code {
	var out []jen.Code
	// call emits a check, gated on the options of origin's tag and its errors marked with its
	// stability level.
	check := func(origin model.Origin, fn string, args ...jen.Code) jen.Code {
		args = append([]jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(obj), jen.Id(old)}, args...)
		return jen.Id(target).Op("=").Append(jen.Id(target),
			marked(jen.Qual(pkgGenRT, "AtValue").Call(gatedExpr(origin, jen.Qual(pkgValidate, fn).Call(args...))), origin).Op("..."))
	}
	call := func(origin model.Origin, fn string, args ...jen.Code) { out = append(out, check(origin, fn, args...)) }
	for _, role := range []model.UnionRole{model.UnionMember, model.ZeroOrOneOfMember} {
		// The first member tag of the role (in member and tag order) gives all unions of the role
		// their stability level and options, as in upstream's generated code, where that tag's
		// deferred generator emits them all.
		var origin model.Origin
	first:
		for _, m := range members {
			for _, u := range m.tags.Unions {
				if u.Role == role {
					origin = u.Origin
					break first
				}
			}
		}
		for _, u := range model.UnionGroups(members, func(m hostMember) []model.UnionTag { return m.tags.Unions }, role) {
			name, ms, d, discriminated := u.Name, u.Members, u.Discriminator, u.Discriminated
			prefix, fn := "unionMembershipFor_", "Union"
			if role == model.ZeroOrOneOfMember {
				prefix, fn = "zeroOrOneOfMembershipFor_", "ZeroOrOneOfUnion"
			}
			var memberArgs, isSet []jen.Code
			for _, m := range ms {
				if discriminated {
					value := model.UnionMemberValue(m.tags.Unions, role, name, m.goName)
					memberArgs = append(memberArgs, jen.Qual(pkgValidate, "NewDiscriminatedUnionMember").Call(jen.Lit(m.name), jen.Lit(value)))
				} else {
					memberArgs = append(memberArgs, jen.Qual(pkgValidate, "NewUnionMember").Call(jen.Lit(m.name)))
				}
				isSet = append(isSet, g.isSetFunc(host, m))
			}
			membership := jen.Qual(pkgValidate, "NewUnionMembership").Call(memberArgs...)
			if discriminated {
				fn = "DiscriminatedUnion"
				membership = jen.Qual(pkgValidate, "NewDiscriminatedUnionMembership").Call(append([]jen.Code{jen.Lit(d.name)}, memberArgs...)...)
			}
			memo := "union:" + prefix + key + "." + name
			v, ok := g.memo[memo]
			if !ok {
				v = prefix + key
				if name != "" {
					v += "_" + name
				}
				v = g.unique(v)
				g.memo[memo] = v
				g.vars = append(g.vars, jen.Var().Id(v).Op("=").Add(membership))
			}
			if discriminated {
				call(origin, fn, append([]jen.Code{jen.Id(v), g.discriminatorFunc(host, d)}, isSet...)...)
				continue
			}
			if len(origin.Options) > 0 {
				// validate.IfOption reports an undefined option whatever the members.
				call(origin, fn, append([]jen.Code{jen.Id(v)}, isSet...)...)
				continue
			}
			// apimachinery's union checks allocate even when they find nothing wrong. Where the
			// number of members set says they cannot report (at most one for zero-or-one-of,
			// exactly one for a union; ratcheting only takes errors away), they are not called.
			block := make([]jen.Code, 0, len(isSet)+1)
			fns, sets := []jen.Code{jen.Id(v)}, make([]jen.Code, 0, len(isSet))
			for i, f := range isSet {
				id := fmt.Sprintf("isSet%d", i)
				block = append(block, jen.Id(id).Op(":=").Add(f))
				fns = append(fns, jen.Id(id))
				sets = append(sets, jen.Id(id).Call(jen.Id(obj)))
			}
			cond := jen.Qual(pkgGenRT, "CountTrue").Call(sets...).Op("!=").Lit(1)
			if role == model.ZeroOrOneOfMember {
				cond = jen.Qual(pkgGenRT, "CountTrue").Call(sets...).Op(">").Lit(1)
			}
			out = append(out, jen.Block(append(block, jen.If(cond).Block(check(origin, fn, fns...)))...))
		}
	}
	for _, m := range members {
		for _, dep := range m.tags.Dependencies {
			var sib hostMember
			for _, p := range props {
				if p.Name == dep.Field {
					sib = hostMember{name: p.Name, goName: p.GoName, goType: p.Node.GoType, via: p.Via}
				}
			}
			fn := "DependentRequired"
			if dep.Forbidden {
				fn = "DependentForbidden"
			}
			call(dep.Origin, fn, jen.Lit(m.name), g.isSetFunc(host, m), jen.Lit(sib.name), g.isSetFunc(host, sib))
		}
	}
	return out
}

// isSetFunc is the extractor telling whether a member is set in a *host: a field that is not nil,
// empty or zero, or a list holding an item with the selected keys.
func (g *validatorGen) isSetFunc(host types.Type, m hostMember) jen.Code {
	param := jen.Op("*").Add(g.goType(host))
	if m.sel != nil {
		var match *jen.Statement
		for _, k := range m.sel.Keys {
			f := jen.Parens(jen.Op("*").Id("list")).Index(jen.Id("i")).Dot(k.GoName)
			c := f.Clone().Op("==").Add(untypedLit(k.Value))
			if k.Pointer {
				c = f.Clone().Op("!=").Nil().Op("&&").Op("*").Add(f.Clone()).Op("==").Add(untypedLit(k.Value))
			}
			if match == nil {
				match = c
			} else {
				match = match.Op("&&").Add(c)
			}
		}
		return jen.Func().Params(jen.Id("list").Add(param)).Bool().Block(
			jen.If(jen.Id("list").Op("==").Nil()).Block(jen.Return(jen.False())),
			jen.For(jen.Id("i").Op(":=").Range().Op("*").Id("list")).Block(jen.If(match).Block(jen.Return(jen.True()))),
			jen.Return(jen.False()))
	}
	f := jen.Id("obj").Dot(m.goName)
	var set *jen.Statement
	switch u := types.Unalias(m.goType).Underlying().(type) {
	case *types.Pointer:
		set = f.Op("!=").Nil()
	case *types.Slice, *types.Map:
		set = jen.Len(f).Op("!=").Lit(0)
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			set = f
		case u.Info()&types.IsString != 0:
			set = f.Op("!=").Lit("")
		default:
			set = f.Op("!=").Lit(0)
		}
	}
	if len(m.via) > 0 {
		set = jen.Id("obj").Dot(m.via[0]).Op("!=").Nil().Add(viaSet("obj", m.via[1:])).Op("&&").Add(set)
	}
	return jen.Func().Params(jen.Id("obj").Add(param)).Bool().Block(
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.False())),
		jen.Return(set))
}

// discriminatorFunc is the extractor reading a union's discriminator from a *host, "" when unset.
func (g *validatorGen) discriminatorFunc(host types.Type, d hostMember) jen.Code {
	unset := jen.Id("obj").Op("==").Nil()
	for i := range d.via {
		unset = unset.Op("||").Id("obj." + d.via[i]).Op("==").Nil()
	}
	val := jen.Id("obj").Dot(d.goName)
	if _, ptr := types.Unalias(d.goType).(*types.Pointer); ptr {
		unset = unset.Op("||").Add(val.Clone()).Op("==").Nil()
		val = jen.Op("*").Add(val)
	}
	return jen.Func().Params(jen.Id("obj").Op("*").Add(g.goType(host))).String().Block(
		jen.If(unset).Block(jen.Return(jen.Lit(""))),
		jen.Return(jen.String().Call(val)))
}
