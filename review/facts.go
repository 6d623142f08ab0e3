package review

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// facts adds to f the validations in effect at the node eff (the place merged with its type's
// definition, model.Effective). p is the property when the place is a struct field; place is the
// node as the field declares it (before the definition is merged), or nil.
func (b *builder) facts(f *Field, eff *model.Node, p *model.Property) {
	v := eff.V
	add := func(x Fact) { f.Facts = append(f.Facts, x) }
	// who returns who enforces a tag of origin o: the schema when it publishes it (and the
	// tag is one the schema can state), Go when the validators check it.
	who := func(o model.Origin, schema, goToo bool) Enforcer {
		var e Enforcer
		if schema && published(o) {
			e |= Schema
		}
		if goToo {
			e |= Go
		}
		return e
	}
	fact := func(what, value string, o model.Origin, by Enforcer) Fact {
		return Fact{What: what, Value: value, Lifecycle: lifecycle(o), By: by, Tag: o.Tag, Pos: o.Pos}
	}

	add(Fact{What: "type", Value: f.Type, By: Both, Pos: eff.Pos})
	if gs := v.FeatureGates; len(gs) > 0 {
		var names []string
		for _, g := range gs {
			names = append(names, g.Value)
		}
		// Documentation: no one checks it (By 0), but it gates the field's lifecycle.
		add(Fact{What: "featureGate", Value: strings.Join(names, ", "), Tag: gs[0].Tag, Pos: gs[0].Pos})
	}
	sch := v.Schema
	for _, x := range []struct {
		what string
		flag *model.Flag
	}{{"nullable", sch.Nullable}, {"preserveUnknownFields", sch.PreserveUnknownFields}, {"embeddedResource", sch.EmbeddedResource},
		{"schemaless", sch.Schemaless}, {"opaque", v.Opaque}} {
		if x.flag != nil {
			by := Schema
			if x.what == "opaque" {
				by = Go
			}
			add(fact(x.what, "true", x.flag.Origin, by))
		}
	}

	// Presence. The schema's requiredness is the property's (openapi-gen's or controller-gen's
	// rule); Go's is +k8s:required alone in a native package.
	if p != nil {
		schemaReq := p.Required
		goReq := p.Required
		var o model.Origin
		if v.Required != nil {
			o = v.Required.Origin
		}
		if b.native {
			g := model.GoFlag(v.Required, true)
			goReq = g != nil
			if g != nil {
				o = g.Origin
			}
		}
		var by Enforcer
		if schemaReq {
			by |= Schema
		}
		if goReq {
			by |= Go
		}
		if by != 0 {
			x := fact("required", "true", o, by)
			if o.Tag == "" {
				x.Tag = "(no +optional, no omitempty)"
				x.Pos = p.Pos
			}
			add(x)
		}
	}
	if v.Forbidden != nil {
		add(fact("forbidden", "true", v.Forbidden.Origin, who(v.Forbidden.Origin, false, true)))
	}
	for _, g := range v.GatedPresence {
		add(fact(g.Kind, "true", g.Origin, Go))
	}
	if d := v.Default; d != nil {
		add(fact("default", jsonValue(d.Value), d.Origin, Schema))
	}

	// Values.
	if fm := v.Format; fm != nil {
		add(fact("format", fm.Name, fm.Origin, who(fm.Origin, true, true)))
	}
	if nf := v.NameFormat; nf != nil {
		add(fact("nameFormat", nf.Name, nf.Origin, who(nf.Origin, true, true)))
	}
	b.numbers(f, "minimum", v.Minimum, true)
	b.numbers(f, "maximum", v.Maximum, false)
	b.numbers(f, "multipleOf", v.MultipleOf, false)
	b.ints(f, "minLength", v.MinLength, true)
	b.ints(f, "maxLength", v.MaxLength, false)
	b.ints(f, "minItems", v.MinItems, true)
	b.ints(f, "maxItems", v.MaxItems, false)
	b.ints(f, "minProperties", v.MinProperties, true)
	b.ints(f, "maxProperties", v.MaxProperties, false)
	if pt := v.Pattern; pt != nil {
		add(fact("pattern", pt.Value, pt.Origin, who(pt.Origin, true, true)))
	}
	if values, o, ok := enumValues(eff); ok {
		goToo := true
		if b.native && v.Enum != nil && len(sch.Enums) == 0 {
			goToo = model.GoFlag(v.Enum, true) != nil
		}
		x := fact("enum", strings.Join(values, ", "), o, who(o, true, goToo))
		x.Values = values
		add(x)
	}
	for _, e := range eff.Enum {
		for _, g := range e.Exclusions {
			o := model.Origin{Options: []model.OptionGate{g}}
			if e.Excluded != nil {
				o.Tag, o.Pos = e.Excluded.Tag, e.Excluded.Pos
			}
			add(fact("enumExclude", show(e.Value), o, Go))
		}
	}

	// Lists and maps.
	if lt := v.ListType; lt != nil {
		goToo := !b.native || model.GoString(lt, true) != nil
		add(fact("listType", lt.Value, lt.Origin, who(lt.Origin, true, goToo)))
	}
	if len(v.ListMapKeys) > 0 {
		var keys []string
		for _, k := range v.ListMapKeys {
			keys = append(keys, k.Value)
		}
		o := v.ListMapKeys[0].Origin
		goToo := !b.native || len(model.GoStrings(v.ListMapKeys, true)) > 0
		x := fact("listMapKeys", strings.Join(keys, ", "), o, who(o, true, goToo))
		x.Values = keys
		add(x)
	}
	if u := v.Unique; u != nil {
		var keys []string
		for _, k := range v.UniqueKeys {
			keys = append(keys, k.Value)
		}
		val := u.Value
		if len(keys) > 0 {
			val += " by " + strings.Join(keys, ", ")
		}
		add(fact("unique", val, u.Origin, Go))
	}
	if cu := v.CustomUnique; cu != nil {
		add(fact("customUnique", "true", cu.Origin, Go))
	}
	if mt := v.MapType; mt != nil {
		add(fact("mapType", mt.Value, mt.Origin, Schema))
	}
	if st := v.StructType; st != nil {
		add(fact("structType", st.Value, st.Origin, Schema))
	}

	// Checks done by apimachinery's validate library.
	for _, c := range v.Calls {
		val := c.Func
		if c.Custom {
			val = c.Pkg + "." + c.Func
		} else if len(c.Args) > 0 {
			var args []string
			for _, a := range c.Args {
				args = append(args, show(a))
			}
			val += "(" + strings.Join(args, ", ") + ")"
		}
		schema := !c.Custom && (c.Func == "NEQ" || c.Func == "Monotonic" || c.Func == "MaxBytes")
		add(fact("call", val, c.Origin, who(c.Origin, schema, true)))
	}

	// CEL rules: those the author wrote (and those controller-gen's one-of markers write), not
	// the ones standing for another fact (+immutable, +nameFormat, unions).
	for _, r := range v.Rules {
		if r.SchemaOnly || r.Tag == "immutable" || r.Tag == "k8s:immutable" || r.Tag == "nameFormat" {
			continue
		}
		x := fact("rule", r.Rule, r.Origin, who(r.Origin, true, true))
		rf := &Rule{Rule: r.Rule, Message: r.Message, MessageExpression: r.MessageExpression, Reason: r.Reason,
			FieldPath: r.FieldPath, OptionalOldSelf: r.OptionalOldSelf, Transition: r.IsTransition()}
		rf.Cost, rf.Costed = b.costs(r)
		x.Rule = rf
		add(x)
	}
	if im := v.Immutable; im != nil {
		add(fact("immutable", "true", im.Origin, who(im.Origin, true, true)))
	}
	if u := v.Update; u != nil {
		add(fact("update", strings.Join(u.Constraints, ", "), u.Origin, who(u.Origin, true, true)))
	}

	// Structure: unions, modes, dependencies.
	for _, un := range v.Unions {
		role := map[model.UnionRole]string{model.UnionMember: "member", model.UnionDiscriminator: "discriminator", model.ZeroOrOneOfMember: "zeroOrOneOf member"}[un.Role]
		val := role
		if un.Union != "" {
			val += " of " + un.Union
		}
		if un.MemberName != "" {
			val += " as " + strconv.Quote(un.MemberName)
		}
		add(fact("union", val, un.Origin, who(un.Origin, true, true)))
	}
	if md := v.ModeDiscriminator; md != nil {
		val := "discriminator"
		if md.Modality != "" {
			val += " of " + md.Modality
		}
		add(fact("mode", val, md.Origin, who(md.Origin, true, true)))
	}
	for _, im := range v.IfModes {
		inner := &Field{}
		if im.Node != nil {
			b.facts(inner, im.Node, nil)
		}
		var parts []string
		for _, x := range inner.Facts {
			if x.What != "type" {
				parts = append(parts, x.What+"="+x.Value)
			}
		}
		key := im.Mode
		if im.Modality != "" {
			key = im.Modality + "=" + im.Mode
		}
		if len(parts) == 0 {
			parts = []string{"nothing"}
		}
		add(fact("ifMode", key+": "+strings.Join(parts, "; "), im.Origin, who(im.Origin, true, true)))
	}
	for _, d := range v.Dependencies {
		what := "dependentRequired"
		if d.Forbidden {
			what = "dependentForbidden"
		}
		add(fact(what, d.Field, d.Origin, who(d.Origin, true, true)))
	}
	for _, fr := range v.FixedResults {
		val := "fails: " + fr.Message
		if fr.Pass {
			val = "passes"
		}
		add(fact("fixedResult", val, fr.Origin, Go))
	}
	sortFacts(f.Facts)
}

// numbers adds one fact per lifecycle: the tightest bound of those declared with it.
func (b *builder) numbers(f *Field, what string, ns []model.Number, lower bool) {
	groups := map[string][]model.Number{}
	var order []string
	for _, n := range ns {
		k := lifecycle(n.Origin).String()
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], n)
	}
	sort.Strings(order)
	for _, k := range order {
		g := groups[k]
		best := g[0]
		for _, n := range g[1:] {
			tighter := n.Value > best.Value
			if !lower {
				tighter = n.Value < best.Value
			}
			if what == "multipleOf" {
				tighter = false
			}
			if tighter || n.Value == best.Value && n.Exclusive && !best.Exclusive {
				best = n
			}
		}
		v := best.Value
		val := best.Text
		if val == "" {
			val = strconv.FormatFloat(v, 'g', -1, 64)
		}
		if best.Exclusive {
			val += " (exclusive)"
		}
		x := Fact{What: what, Value: val, Num: &v, Exclusive: best.Exclusive, Lifecycle: lifecycle(best.Origin),
			Tag: best.Tag, Pos: best.Pos, By: enforcedValue(best.Origin)}
		f.Facts = append(f.Facts, x)
	}
}

// ints is numbers for size limits.
func (b *builder) ints(f *Field, what string, is []model.Int, lower bool) {
	var ns []model.Number
	for _, i := range is {
		ns = append(ns, model.Number{Value: float64(i.Value), Text: strconv.FormatInt(i.Value, 10), Origin: i.Origin})
	}
	b.numbers(f, what, ns, lower)
}

// enforcedValue is who enforces a value limit: Go always, the schema when it is published.
func enforcedValue(o model.Origin) Enforcer {
	if published(o) {
		return Both
	}
	return Go
}

// enumValues returns the allowed values of an enum place, sorted, and the origin of the tag.
func enumValues(n *model.Node) ([]string, model.Origin, bool) {
	var vals []string
	var o model.Origin
	switch {
	case len(n.V.Schema.Enums) > 0:
		for _, v := range model.EnumIntersection(n.V.Schema.Enums) {
			vals = append(vals, show(v))
		}
		o = n.V.Schema.Enums[0].Origin
	case n.V.Enum != nil:
		for _, e := range n.Enum {
			if e.Excluded == nil {
				vals = append(vals, show(e.Value))
			}
		}
		o = n.V.Enum.Origin
	default:
		return nil, o, false
	}
	sort.Strings(vals)
	return vals, o, true
}

// show spells a value as JSON (strings quoted).
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func jsonValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// tightest keeps, of the bounds with one keyword and lifecycle, the tightest (a field and a
// +k8s:subfield of its holder may both declare one).
func tightest(fs []Fact) []Fact {
	lower := map[string]bool{"minimum": true, "minLength": true, "minItems": true, "minProperties": true}
	best := map[string]int{}
	var out []Fact
	for _, f := range fs {
		if f.Num == nil || f.What == "multipleOf" {
			out = append(out, f)
			continue
		}
		key := f.What + "|" + f.Lifecycle.String()
		i, seen := best[key]
		if !seen {
			best[key] = len(out)
			out = append(out, f)
			continue
		}
		o := out[i]
		tighter := *f.Num < *o.Num
		if lower[f.What] {
			tighter = *f.Num > *o.Num
		}
		if tighter || *f.Num == *o.Num && f.Exclusive && !o.Exclusive {
			out[i] = f
		}
	}
	return out
}
