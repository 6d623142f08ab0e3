package check

import (
	"go/types"

	"github.com/validation-gen/validation-gen/model"
)

// tagged is a field of a struct and the tags written on it for unions and dependencies.
type tagged struct {
	name string
	v    *model.Validations
}

// structTags checks the unions and dependencies among the fields of one struct: fields holds
// the tags of the members (the struct's properties, or the fields +k8s:subfield selects),
// props the struct's properties, which dependencies name.
func (c *checker) structTags(fields []tagged, props []*model.Property) {
	discriminators := map[string]model.Origin{}
	c.modes(fields, props)
	for _, f := range fields {
		v := f.v
		for _, u := range v.Unions {
			if u.Role != model.UnionDiscriminator {
				continue
			}
			if prev, dup := discriminators[u.Union]; dup {
				c.diags.Add(u.Pos, u.Written(), "union %q already has a discriminator (line %d)", u.Union, prev.Pos.Line)
				continue
			}
			discriminators[u.Union] = u.Origin
		}
		for _, d := range v.Dependencies {
			var sib *model.Property
			for _, p := range props {
				if p.Name == d.Field {
					sib = p
				}
			}
			switch {
			case sib == nil && c.promoted[d.Field]:
				c.diags.Add(d.Pos, d.Written(), "the struct has no field with JSON name %q (in a package written for Kubernetes' validation-gen, "+
					"a field promoted through an embedded struct is that struct's, as upstream reads it)", d.Field)
			case sib == nil:
				c.diags.Add(d.Pos, d.Written(), "the struct has no field with JSON name %q", d.Field)
			case sib.Name == f.name:
				c.diags.Add(d.Pos, d.Written(), "a field cannot depend on itself (%q)", d.Field)
			case !presenceType(sib.Node.GoType):
				c.diags.Add(d.Pos, d.Written(), "field %q (Go type %s) is always set: it must be a pointer, a list, a map or a scalar",
					d.Field, types.TypeString(sib.Node.GoType, shortPkg))
			}
		}
	}
}

// presenceType reports whether a Go type has an unset state: nil, empty or zero.
func presenceType(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Basic:
		return true
	}
	return false
}

// modes checks the modalities of a struct: one discriminator each, a discriminator for every
// +k8s:ifMode, and modes of a bool discriminator spelt true or false.
func (c *checker) modes(fields []tagged, props []*model.Property) {
	discriminators := map[string]*model.ModeDiscriminator{}
	isBool := map[string]bool{}
	for _, f := range fields {
		d := f.v.ModeDiscriminator
		if d == nil {
			continue
		}
		if prev, dup := discriminators[d.Modality]; dup {
			c.diags.Add(d.Pos, d.Written(), "modality %q already has a discriminator (line %d)", d.Modality, prev.Pos.Line)
			continue
		}
		discriminators[d.Modality] = d
		for _, p := range props {
			if p.Name == f.name {
				isBool[d.Modality] = p.Node.Kind == model.KindBoolean
			}
		}
	}
	for _, f := range fields {
		for _, m := range f.v.IfModes {
			if _, ok := discriminators[m.Modality]; !ok {
				c.diags.Add(m.Pos, m.Written(), "the struct has no +k8s:modeDiscriminator for modality %q", m.Modality)
				continue
			}
			if isBool[m.Modality] && m.Mode != "true" && m.Mode != "false" {
				c.diags.Add(m.Pos, m.Written(), "the discriminator of modality %q is a bool: the mode must be \"true\" or \"false\", not %q", m.Modality, m.Mode)
			}
		}
	}
}
