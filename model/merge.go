package model

import (
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"reflect"
	"sort"
	"strings"
)

// Before reports whether a comes before b in source order.
func Before(a, b token.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	return a.Offset < b.Offset
}

// MergeValidations accumulates the validations declared along a chain (field, aliases, named
// type). Limits are all kept (the tightest is published); rules are concatenated in source order; a
// value that can only be given once (default, format, pattern, list/map type) must agree
// everywhere, and a disagreement is reported into diags at the later tag, naming the earlier one
// (diags may be nil once the model has been checked).
func MergeValidations(pieces []*Validations, diags *Diagnostics) Validations {
	if diags == nil {
		diags = new(Diagnostics)
	}
	if len(pieces) == 1 {
		m := *pieces[0]
		m.Minimum = markExclusive(pieces, func(v *Validations) ([]Number, *Flag) { return v.Minimum, v.ExclusiveMinimum })
		m.Maximum = markExclusive(pieces, func(v *Validations) ([]Number, *Flag) { return v.Maximum, v.ExclusiveMaximum })
		return m
	}
	var m Validations
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
		mergeSchemaTags(&m.Schema, &p.Schema, diags)
		m.FixedResults = append(m.FixedResults, p.FixedResults...)
		m.FeatureGates = append(m.FeatureGates, p.FeatureGates...)
		m.Calls = append(m.Calls, p.Calls...)
		m.Subfields = append(m.Subfields, p.Subfields...)
		m.ItemSelectors = append(m.ItemSelectors, p.ItemSelectors...)
		m.Unions = append(m.Unions, p.Unions...)
		m.Dependencies = append(m.Dependencies, p.Dependencies...)
		m.IfModes = append(m.IfModes, p.IfModes...)
		if m.ModeDiscriminator == nil {
			m.ModeDiscriminator = p.ModeDiscriminator
		}
		if m.Update == nil {
			m.Update = p.Update
		}
		m.Opaque = firstFlag(m.Opaque, p.Opaque)
		m.Forbidden = firstFlag(m.Forbidden, p.Forbidden)
		m.GatedPresence = append(m.GatedPresence, p.GatedPresence...)
		m.PayloadGates = append(m.PayloadGates, p.PayloadGates...)
		m.EachVal = mergeEach(m.EachVal, p.EachVal, diags)
		m.EachKey = mergeEach(m.EachKey, p.EachKey, diags)
		m.ExclusiveMinimum = firstFlag(m.ExclusiveMinimum, p.ExclusiveMinimum)
		m.ExclusiveMaximum = firstFlag(m.ExclusiveMaximum, p.ExclusiveMaximum)
		m.Enum = firstFlag(m.Enum, p.Enum)
		m.Optional = firstFlag(m.Optional, p.Optional)
		m.Required = firstFlag(m.Required, p.Required)
		m.Immutable = firstFlag(m.Immutable, p.Immutable)
		if p.Default != nil {
			m.Default = agree(diags, m.Default, p.Default, "default", func(x *Default) (any, Origin) { return x.Value, x.Origin })
		}
		if p.Format != nil {
			m.Format = agree(diags, m.Format, p.Format, "format", func(x *Format) (any, Origin) { return x.Name, x.Origin })
		}
		if p.NameFormat != nil {
			m.NameFormat = agree(diags, m.NameFormat, p.NameFormat, "nameFormat", func(x *Format) (any, Origin) { return x.Name, x.Origin })
		}
		for _, pair := range []struct{ dst, src **String }{
			{&m.Pattern, &p.Pattern}, {&m.ListType, &p.ListType}, {&m.MapType, &p.MapType}, {&m.StructType, &p.StructType},
			{&m.Unique, &p.Unique},
		} {
			if *pair.src != nil {
				*pair.dst = agree(diags, *pair.dst, *pair.src, "", func(x *String) (any, Origin) { return x.Value, x.Origin })
			}
		}
		m.ListMapKeys = mergeKeys(m.ListMapKeys, p.ListMapKeys, diags)
		m.UniqueKeys = mergeKeys(m.UniqueKeys, p.UniqueKeys, diags)
		m.CustomUnique = firstFlag(m.CustomUnique, p.CustomUnique)
	}
	sort.SliceStable(m.Rules, func(i, j int) bool { return Before(m.Rules[i].Pos, m.Rules[j].Pos) })
	m.Minimum = markExclusive(pieces, func(v *Validations) ([]Number, *Flag) { return v.Minimum, v.ExclusiveMinimum })
	m.Maximum = markExclusive(pieces, func(v *Validations) ([]Number, *Flag) { return v.Maximum, v.ExclusiveMaximum })
	if !exclusiveAtTightest(pieces, func(v *Validations) ([]Number, *Flag) { return v.Minimum, v.ExclusiveMinimum }, math.Max) {
		m.ExclusiveMinimum = nil
	}
	if !exclusiveAtTightest(pieces, func(v *Validations) ([]Number, *Flag) { return v.Maximum, v.ExclusiveMaximum }, math.Min) {
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
func markExclusive(pieces []*Validations, get func(*Validations) ([]Number, *Flag)) []Number {
	all := false
	for _, p := range pieces {
		if bounds, flag := get(p); flag != nil && len(bounds) == 0 {
			all = true
		}
	}
	var out []Number
	for _, p := range pieces {
		bounds, flag := get(p)
		for _, n := range bounds {
			n.Exclusive = all || flag != nil
			out = append(out, n)
		}
	}
	return out
}

func exclusiveAtTightest(pieces []*Validations, get func(*Validations) ([]Number, *Flag), pick func(a, b float64) float64) bool {
	var all []Number
	for _, p := range pieces {
		bounds, _ := get(p)
		all = append(all, bounds...)
	}
	for _, p := range pieces {
		bounds, flag := get(p)
		if flag == nil {
			continue
		}
		if len(bounds) == 0 || len(all) == 0 || Tightest(bounds, pick) == Tightest(all, pick) {
			return true
		}
	}
	return false
}

func firstFlag(a, b *Flag) *Flag {
	if a != nil {
		return a
	}
	return b
}

// mergeKeys accumulates a list's map keys (+listMapKey, +k8s:listMapKey with +k8s:unique=map)
// along a chain: declared once, or the same everywhere.
func mergeKeys(have, next []String, diags *Diagnostics) []String {
	if len(next) == 0 {
		return have
	}
	if len(have) == 0 {
		return next
	}
	if !sameKeys(have, next) {
		early, late := have[0], next[0]
		if Before(late.Pos, early.Pos) {
			early, late = late, early
		}
		diags.Add(late.Pos, late.Tag, "conflicts with +%s at %s", early.Tag, ShortPos(early.Pos))
	}
	return have
}

func sameKeys(a, b []String) bool {
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
func agree[T any](diags *Diagnostics, have, next *T, _ string, get func(*T) (any, Origin)) *T {
	if have == nil {
		return next
	}
	hv, ho := get(have)
	nv, no := get(next)
	early, late, ev, lv := ho, no, hv, nv
	nextFirst := Before(no.Pos, ho.Pos)
	if nextFirst {
		early, late, ev, lv = no, ho, nv, hv
	}
	if !reflect.DeepEqual(hv, nv) {
		diags.Add(late.Pos, late.Tag, "value %s conflicts with +%s=%s at %s, which applies to the same value "+
			"through its alias or named type; remove one or make them agree", show(lv), early.Tag, show(ev), ShortPos(early.Pos))
	}
	if !nextFirst {
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

// ShortPos spells a position as file:line:col with the file's base name, for messages that point
// from one tag to another.
func ShortPos(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", BaseName(p.Filename), p.Line, p.Column)
}

// BaseName is the last element of a slash- or backslash-separated path.
func BaseName(f string) string {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] == '/' || f[i] == '\\' {
			return f[i+1:]
		}
	}
	return f
}

// Tightest is the tightest of the numeric bounds ns (at least one) under pick (math.Max for lower
// bounds, math.Min for upper bounds): the one OpenAPI publishes.
func Tightest(ns []Number, pick func(a, b float64) float64) float64 {
	m := ns[0].Value
	for _, n := range ns[1:] {
		m = pick(m, n.Value)
	}
	return m
}

// TightestInt is Tightest for size limits; nil when there is none.
func TightestInt(ns []Int, pick func(a, b int64) int64) *int64 {
	if len(ns) == 0 {
		return nil
	}
	m := ns[0].Value
	for _, n := range ns[1:] {
		m = pick(m, n.Value)
	}
	return &m
}

// Effective is the node as a CRD inlines it: a referenced definition's shape with the validations
// of the definition and of this place merged.
func Effective(n *Node) *Node {
	if n.Ref == nil {
		return n
	}
	def := n.Ref
	merged := *def.Node
	merged.V = MergeValidations([]*Validations{&n.V, &def.Node.V}, nil)
	merged.Enum = n.Enum
	if merged.Enum == nil {
		merged.Enum = def.Node.Enum
	}
	merged.Pos = n.Pos
	return &merged
}

// MinInt and MaxInt are min and max as functions, to pick with TightestInt.
func MinInt(a, b int64) int64 { return min(a, b) }

// MaxInt: see MinInt.
func MaxInt(a, b int64) int64 { return max(a, b) }

// mergeEach accumulates the element validations of +k8s:eachVal / +k8s:eachKey along a chain.
func mergeEach(a, b *Validations, diags *Diagnostics) *Validations {
	if a == nil || b == nil {
		if a == nil {
			return b
		}
		return a
	}
	m := MergeValidations([]*Validations{a, b}, diags)
	return &m
}
