package generators

import (
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// before reports whether a comes before b in source order.
func before(a, b token.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	return a.Offset < b.Offset
}

// merge accumulates the validations declared along a chain (field, aliases, named type). Limits
// are all kept (the tightest is published); rules are concatenated in source order; a value that
// can only be given once (default, format, pattern, list/map type) must agree everywhere, and a
// disagreement is reported at the later tag, naming the earlier one.
func (b *builder) merge(pieces []*model.Validations) model.Validations {
	if len(pieces) == 1 {
		m := *pieces[0]
		m.Minimum = markExclusive(pieces, func(v *model.Validations) ([]model.Number, *model.Flag) { return v.Minimum, v.ExclusiveMinimum })
		m.Maximum = markExclusive(pieces, func(v *model.Validations) ([]model.Number, *model.Flag) { return v.Maximum, v.ExclusiveMaximum })
		return m
	}
	var m model.Validations
	for _, p := range pieces {
		m.Minimum = append(m.Minimum, p.Minimum...)
		m.Maximum = append(m.Maximum, p.Maximum...)
		m.MultipleOf = append(m.MultipleOf, p.MultipleOf...)
		m.MinLength = append(m.MinLength, p.MinLength...)
		m.MaxLength = append(m.MaxLength, p.MaxLength...)
		m.MinItems = append(m.MinItems, p.MinItems...)
		m.MaxItems = append(m.MaxItems, p.MaxItems...)
		m.MinProperties = append(m.MinProperties, p.MinProperties...)
		m.MaxProperties = append(m.MaxProperties, p.MaxProperties...)
		m.Rules = append(m.Rules, p.Rules...)
		m.ExclusiveMinimum = firstFlag(m.ExclusiveMinimum, p.ExclusiveMinimum)
		m.ExclusiveMaximum = firstFlag(m.ExclusiveMaximum, p.ExclusiveMaximum)
		m.Enum = firstFlag(m.Enum, p.Enum)
		m.Optional = firstFlag(m.Optional, p.Optional)
		m.Required = firstFlag(m.Required, p.Required)
		m.Immutable = firstFlag(m.Immutable, p.Immutable)
		if p.Default != nil {
			m.Default = agree(b, m.Default, p.Default, "default", func(x *model.Default) (any, model.Origin) { return x.Value, x.Origin })
		}
		if p.Format != nil {
			m.Format = agree(b, m.Format, p.Format, "format", func(x *model.Format) (any, model.Origin) { return x.Name, x.Origin })
		}
		if p.NameFormat != nil {
			m.NameFormat = agree(b, m.NameFormat, p.NameFormat, "nameFormat", func(x *model.Format) (any, model.Origin) { return x.Name, x.Origin })
		}
		for _, pair := range []struct{ dst, src **model.String }{
			{&m.Pattern, &p.Pattern}, {&m.ListType, &p.ListType}, {&m.MapType, &p.MapType}, {&m.StructType, &p.StructType},
		} {
			if *pair.src != nil {
				*pair.dst = agree(b, *pair.dst, *pair.src, "", func(x *model.String) (any, model.Origin) { return x.Value, x.Origin })
			}
		}
		if len(p.ListMapKeys) > 0 {
			if len(m.ListMapKeys) > 0 && !sameKeys(m.ListMapKeys, p.ListMapKeys) {
				early, late := m.ListMapKeys[0], p.ListMapKeys[0]
				if before(late.Pos, early.Pos) {
					early, late = late, early
				}
				b.diags.Add(late.Pos, late.Tag, "conflicts with +%s at %s", early.Tag, shortPos(early.Pos))
			} else if len(m.ListMapKeys) == 0 {
				m.ListMapKeys = p.ListMapKeys
			}
		}
	}
	sort.SliceStable(m.Rules, func(i, j int) bool { return before(m.Rules[i].Pos, m.Rules[j].Pos) })
	m.Minimum = markExclusive(pieces, func(v *model.Validations) ([]model.Number, *model.Flag) { return v.Minimum, v.ExclusiveMinimum })
	m.Maximum = markExclusive(pieces, func(v *model.Validations) ([]model.Number, *model.Flag) { return v.Maximum, v.ExclusiveMaximum })
	if !exclusiveAtTightest(pieces, func(v *model.Validations) ([]model.Number, *model.Flag) { return v.Minimum, v.ExclusiveMinimum }, math.Max) {
		m.ExclusiveMinimum = nil
	}
	if !exclusiveAtTightest(pieces, func(v *model.Validations) ([]model.Number, *model.Flag) { return v.Maximum, v.ExclusiveMaximum }, math.Min) {
		m.ExclusiveMaximum = nil
	}
	return m
}

// exclusiveAtTightest decides whether the published (tightest) bound of a chain is exclusive.
// +exclusiveMinimum qualifies the +minimum of its own declaration: a type's exclusive 0 must not
// make a field's tighter +minimum=5 exclusive too. A flag on a declaration without a bound of its
// own qualifies every bound of the chain.
// markExclusive returns the bounds of all pieces, each marked exclusive when its own declaration
// says +exclusiveMinimum/Maximum, or when a declaration of the chain says so without a bound of
// its own.
func markExclusive(pieces []*model.Validations, get func(*model.Validations) ([]model.Number, *model.Flag)) []model.Number {
	all := false
	for _, p := range pieces {
		if bounds, flag := get(p); flag != nil && len(bounds) == 0 {
			all = true
		}
	}
	var out []model.Number
	for _, p := range pieces {
		bounds, flag := get(p)
		for _, n := range bounds {
			n.Exclusive = all || flag != nil
			out = append(out, n)
		}
	}
	return out
}

func exclusiveAtTightest(pieces []*model.Validations, get func(*model.Validations) ([]model.Number, *model.Flag), pick func(a, b float64) float64) bool {
	var all []model.Number
	for _, p := range pieces {
		bounds, _ := get(p)
		all = append(all, bounds...)
	}
	for _, p := range pieces {
		bounds, flag := get(p)
		if flag == nil {
			continue
		}
		if len(bounds) == 0 || len(all) == 0 || tightest(bounds, pick) == tightest(all, pick) {
			return true
		}
	}
	return false
}

func firstFlag(a, b *model.Flag) *model.Flag {
	if a != nil {
		return a
	}
	return b
}

func sameKeys(a, b []model.String) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Value != b[i].Value {
			return false
		}
	}
	return true
}

// agree returns the earlier of two single-valued settings and reports a conflict when they differ.
func agree[T any](b *builder, have, next *T, _ string, get func(*T) (any, model.Origin)) *T {
	if have == nil {
		return next
	}
	hv, ho := get(have)
	nv, no := get(next)
	early, late, ev, lv := ho, no, hv, nv
	if before(no.Pos, ho.Pos) {
		early, late, ev, lv = no, ho, nv, hv
	}
	if !reflect.DeepEqual(hv, nv) {
		b.diags.Add(late.Pos, late.Tag, "value %s conflicts with +%s=%s at %s, which applies to the same value "+
			"through its alias or named type; remove one or make them agree", show(lv), early.Tag, show(ev), shortPos(early.Pos))
	}
	if early == ho {
		return have
	}
	return next
}

// show spells a tag value as it would be written in a tag: JSON, so that strings are quoted.
func show(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%v", v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func shortPos(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", baseName(p.Filename), p.Line, p.Column)
}

func baseName(f string) string {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] == '/' || f[i] == '\\' {
			return f[i+1:]
		}
	}
	return f
}
