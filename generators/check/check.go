// Package check is the third stage: it validates the whole built model before anything is
// emitted (Model: contradicting limits, list and map semantics, formats the target API server
// cannot enforce) and compiles every CEL rule against the schema at its place in the API server's
// environment, with cost estimates (CEL). It gives diagnostics only; emitters may then assume a
// valid model.
package check

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// Model validates the whole model before anything is emitted: limits that contradict each other,
// list and map semantics that cannot hold, formats the target API server cannot enforce. Each
// problem points at the tag that causes it.
func Model(u *model.Universe, opts model.Options) model.Diagnostics {
	c := &checker{opts: opts}
	for _, d := range u.Checked() {
		c.upstream = d.Package.UpstreamSemantics()
		if d.Node.Kind != model.KindObject && !d.Special {
			c.walk(d.Node) // a named list, map or scalar type (Package.ValueTypes)
			continue
		}
		c.node(d.Node)
		for _, p := range d.Node.Properties {
			c.walk(p.Node)
		}
		// A struct's unions, modes and dependencies are among its own fields; in upstream's
		// semantics the fields promoted through an embedded struct are checked with its definition.
		own := d.OwnProperties()
		var fields []tagged
		c.promoted = map[string]bool{}
		for _, p := range d.Node.Properties {
			c.promoted[p.Name] = true
		}
		for _, p := range own {
			fields = append(fields, tagged{p.Name, &p.Node.V})
			delete(c.promoted, p.Name)
		}
		c.structTags(fields, own)
		c.promoted = nil
		c.unnamable(d)
	}
	return c.diags
}

type checker struct {
	// promoted holds, while a struct's own unions and dependencies are checked in upstream's
	// semantics, the JSON names of the fields promoted into it through embedded structs.
	promoted map[string]bool
	opts     model.Options
	diags    model.Diagnostics
	// upstream is set while checking a package with upstream validation-gen's semantics.
	upstream bool
}

func (c *checker) walk(n *model.Node) {
	c.node(n)
	if n.Ref != nil {
		return
	}
	for _, p := range n.Properties {
		c.walk(p.Node)
	}
	if n.Items != nil {
		c.walk(n.Items)
	}
	if n.Values != nil {
		c.walk(n.Values)
	}
	if n.Keys != nil {
		c.walk(n.Keys)
	}
}

func (c *checker) node(n *model.Node) {
	v := &n.V
	c.numbers(v.Minimum, v.Maximum, true)
	c.sizes(v.MinLength, v.MaxLength)
	c.sizes(v.MinItems, v.MaxItems)
	c.sizes(v.MinProperties, v.MaxProperties)
	if v.ExclusiveMinimum != nil && len(v.Minimum) == 0 {
		c.diags.Add(v.ExclusiveMinimum.Pos, v.ExclusiveMinimum.Written(), "there is no +minimum to make exclusive; add +minimum=N")
	}
	if v.ExclusiveMaximum != nil && len(v.Maximum) == 0 {
		c.diags.Add(v.ExclusiveMaximum.Pos, v.ExclusiveMaximum.Written(), "there is no +maximum to make exclusive; add +maximum=N")
	}
	if v.Format != nil {
		f, _ := formats.Lookup(v.Format.Name)
		if !f.KnownTo(c.opts.Compat) && !c.opts.FormatFallback {
			c.diags.Add(v.Format.Pos, v.Format.Written(), "format %s is not enforced by API servers at compatibility version %s; "+
				"enable --format-fallback to publish an equivalent pattern or rule", f.Name, c.opts.Compat)
		}
	}
	if n.Kind == model.KindIntOrString && !model.IsIntOrString(n.GoType) && !model.IsQuantity(n.GoType) {
		// The tags refuse these at a field; an item's (+kubebuilder:validation:items:...) come here.
		var os []model.Origin
		for _, x := range append(v.MinLength, v.MaxLength...) {
			os = append(os, x.Origin)
		}
		if v.Pattern != nil {
			os = append(os, v.Pattern.Origin)
		}
		for _, o := range os {
			c.diags.Add(o.Pos, o.Written(), "not supported on Go type %s: generated validators read the string form of an "+
				"intstr.IntOrString only; use a +kubebuilder:validation:XValidation rule", types.TypeString(n.ValueType(), shortPkg))
		}
	}
	c.lists(n)
	if len(v.Subfields) > 0 {
		var fields []tagged
		for _, sf := range v.Subfields {
			fields = append(fields, tagged{sf.Name, sf.V})
		}
		c.structTags(fields, model.Effective(n).Properties)
	}
}

// numbers reports a minimum above a maximum (each pair, since Go enforces every bound), or equal
// to it when either is exclusive: no value could be valid.
func (c *checker) numbers(mins, maxs []model.Number, _ bool) {
	for _, lo := range mins {
		for _, hi := range maxs {
			switch {
			case lo.Value > hi.Value:
				c.contradiction(lo.Origin, bound(lo), hi.Origin, bound(hi))
			case lo.Value == hi.Value && (lo.Exclusive || hi.Exclusive):
				c.emptyRange(lo.Origin, bound(lo), hi.Origin, bound(hi))
			}
		}
	}
}

// bound spells a bound for a message, with its exclusiveness.
func bound(n model.Number) string {
	if n.Exclusive {
		return n.Text + " (exclusive)"
	}
	return n.Text
}

func (c *checker) sizes(mins, maxs []model.Int) {
	for _, lo := range mins {
		for _, hi := range maxs {
			if lo.Value > hi.Value {
				c.contradiction(lo.Origin, strconv.FormatInt(lo.Value, 10), hi.Origin, strconv.FormatInt(hi.Value, 10))
			}
		}
	}
}

// contradiction reports a lower bound above an upper bound at the later of the two tags, naming
// the other one with its position.
func (c *checker) contradiction(lo model.Origin, loText string, hi model.Origin, hiText string) {
	report := c.boundsReport(lo, hi)
	if model.Before(hi.Pos, lo.Pos) {
		report(lo.Pos, lo.Written(), "+%s=%s is greater than +%s=%s at %s; no value can satisfy both%s", lo.Written(), loText, hi.Written(), hiText,
			model.ShortPos(hi.Pos), nestedBounds(lo, hi))
		return
	}
	report(hi.Pos, hi.Written(), "+%s=%s is less than +%s=%s at %s; no value can satisfy both%s", hi.Written(), hiText, lo.Written(), loText,
		model.ShortPos(lo.Pos), nestedBounds(lo, hi))
}

// emptyRange reports equal bounds of which one is exclusive, at the later of the two tags.
func (c *checker) emptyRange(lo model.Origin, loText string, hi model.Origin, hiText string) {
	at, other, atText, otherText := hi, lo, hiText, loText
	if model.Before(hi.Pos, lo.Pos) {
		at, other, atText, otherText = lo, hi, loText, hiText
	}
	c.boundsReport(lo, hi)(at.Pos, at.Written(), "+%s=%s and +%s=%s at %s leave no value between them%s", at.Written(), atText, other.Written(),
		otherText, model.ShortPos(other.Pos), nestedBounds(lo, hi))
}

// nestedMarker reports a bound from kube-openapi's markers below the value they are written on
// (+k8s:validation:items:maxLength): openapi-gen checks the bounds of the top level only, and
// publishes these as written.
func nestedMarker(o model.Origin) bool {
	return o.Nested && strings.HasPrefix(o.Tag, "k8s:validation:")
}

// boundsReport is how a pair of bounds that no value satisfies is reported: an error, or a
// warning (an error under --strict) when either is a nested kube-openapi marker, which
// openapi-gen accepts.
func (c *checker) boundsReport(lo, hi model.Origin) func(pos token.Position, tag, format string, args ...any) {
	if nestedMarker(lo) || nestedMarker(hi) {
		return c.diags.Warn
	}
	return c.diags.Add
}

// nestedBounds is the hint of boundsReport's warning.
func nestedBounds(lo, hi model.Origin) string {
	if !nestedMarker(lo) && !nestedMarker(hi) {
		return ""
	}
	return ": openapi-gen checks the bounds of kube-openapi's markers at the top level only, and publishes these as written, " +
		"as this generator does; generated validators reject every value here; fix the bounds"
}

// lists checks +listType and +listMapKey against the item type.
func (c *checker) lists(n *model.Node) {
	if len(n.V.UniqueKeys) > 0 && (n.V.Unique == nil || n.V.Unique.Value != "map") {
		c.diags.Add(n.V.UniqueKeys[0].Pos, n.V.UniqueKeys[0].Written(), "needs +k8s:unique=map")
	}
	n = model.UniqueView(n) // +k8s:unique: checked as the set or list map it makes
	v := &n.V
	paired := false // the +k8s: spellings' missing key is reported, once
	if c.upstream {
		// Generated Go reads only the +k8s: spellings (model.GoString): they must pair up on their
		// own, as upstream's validation-gen requires.
		lt, keys := model.GoString(v.ListType, true), model.GoStrings(v.ListMapKeys, true)
		switch {
		case lt != nil && lt.Value == "map" && len(keys) == 0:
			c.diags.Add(lt.Pos, "k8s:listType", "needs +k8s:listMapKey: Kubernetes' validation-gen does not read openapi-gen's +listMapKey")
			paired = len(v.ListMapKeys) == 0
		case len(keys) > 0 && (lt == nil || lt.Value != "map"):
			c.diags.Add(keys[0].Pos, "k8s:listMapKey", "needs +k8s:listType=map: Kubernetes' validation-gen does not read openapi-gen's +listType")
		}
		if u := v.Update; u != nil && n.Kind == model.KindList && (lt == nil || lt.Value == "atomic") {
			for _, x := range u.Constraints {
				if x == "NoAddItem" || x == "NoRemoveItem" {
					// Which items are new or gone needs their identity.
					c.diags.Add(u.Origin.Pos, "k8s:update", "%s needs the list's item identity: +k8s:listType=set or map (with +k8s:listMapKey), "+
						"or +k8s:unique (Kubernetes' validation-gen refuses it on a list without them)", x)
					break
				}
			}
		}
		if len(v.ItemSelectors) > 0 && (lt == nil || lt.Value != "map") {
			s := v.ItemSelectors[0]
			c.diags.Add(s.Origin.Pos, "k8s:item", "needs a list map (+k8s:listType=map or +k8s:unique=map, with +k8s:listMapKey) "+
				"to select its items (Kubernetes' validation-gen refuses it without them)")
		}
		if u := n.Items; u != nil && u.V.Update != nil && lt != nil && lt.Value != "map" {
			// A set's or atomic list's changed item is a new item, without an old one: NoModify
			// could never report; upstream's validation-gen refuses it.
			c.diags.Add(u.V.Update.Origin.Pos, "k8s:update", "+k8s:eachVal=+k8s:update=NoModify needs a list map (+k8s:listType=map or +k8s:unique=map), not +k8s:listType=%s: "+
				"its items have no old item to compare with (Kubernetes' validation-gen refuses it)", lt.Value)
		}
	}
	if v.ListType == nil {
		if len(v.ListMapKeys) > 0 {
			k := v.ListMapKeys[0]
			c.diags.Add(k.Pos, k.Written(), "needs +listType=map")
		}
		return
	}
	if n.Items == nil {
		return
	}
	item := n.Items
	if v.ListType.Value == "set" || v.ListType.Value == "map" {
		// Uniqueness and correlation compare item values; a nil item has none, and is an error of
		// its own (null, which the API server refuses; in upstream's semantics Required, as
		// validate.PtrSliceNoNils reports it). A fixed-size array is not a list whose items come
		// and go.
		if _, ok := n.ValueType().Underlying().(*types.Array); ok {
			c.diags.Add(v.ListType.Pos, v.ListType.Written(), "+listType=%s is not supported on a fixed-size array (Go type %s); use a slice",
				v.ListType.Value, types.TypeString(n.ValueType(), shortPkg))
			return
		}
	}
	switch v.ListType.Value {
	case "set":
		switch item.Kind {
		case model.KindObject, model.KindList, model.KindMap, model.KindAny:
			if c.upstream {
				break // upstream's semantics: items compared by value, deeply
			}
			c.diags.Add(v.ListType.Pos, v.ListType.Written(), "set items must be scalars (strings, numbers, booleans), not %s", item.Kind)
		}
		if len(v.ListMapKeys) > 0 {
			c.diags.Add(v.ListMapKeys[0].Pos, v.ListMapKeys[0].Written(), "needs +listType=map, not set")
		}
	case "map":
		props := item.Properties
		if item.Ref != nil {
			props = item.Ref.Node.Properties
		}
		if item.Kind != model.KindObject {
			c.diags.Add(v.ListType.Pos, v.ListType.Written(), "map items must be structs, not %s", item.Kind)
			return
		}
		if len(v.ListMapKeys) == 0 && !paired {
			c.diags.Add(v.ListType.Pos, v.ListType.Written(), "needs at least one +%s", strings.TrimSuffix(v.ListType.Written(), "listType")+"listMapKey")
		}
		for _, k := range v.ListMapKeys {
			var found *model.Property
			for _, p := range props {
				if p.Name == k.Value {
					found = p
				}
			}
			switch {
			case found == nil:
				var names []string
				for _, p := range props {
					names = append(names, p.Name)
				}
				c.diags.Add(k.Pos, k.Written(), "item has no field %q; list-map keys are JSON field names of the item (%s)", k.Value, strings.Join(names, ", "))
			case len(found.Via) > 0:
				c.diags.Add(k.Pos, k.Written(), "key field %q is promoted through an embedded pointer (%s), which may be nil; "+
					"list-map keys must always be there", k.Value, found.Via[0])
			default:
				switch found.Node.Kind {
				case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean:
				default:
					c.diags.Add(k.Pos, k.Written(), "key field %q is %s; map keys must be scalars", k.Value, found.Node.Kind)
					continue
				}
				// An optional key without a default is an error in CRDs, which the API server refuses
				// (listMapKeysRequired, which supersedes this warning there); built-in APIs accept it,
				// Kubernetes' own among them, but server-side apply cannot merge items that omit it.
				if !found.Required && model.Effective(found.Node).V.Default == nil && found.Node.V.Default == nil {
					c.diags.Warn(k.Pos, k.Written(), "key field %q is optional and has no default: server-side apply cannot merge "+
						"items that omit it; make it required or give it a default", k.Value)
				}
			}
		}
	default:
		if len(v.ListMapKeys) > 0 {
			c.diags.Add(v.ListMapKeys[0].Pos, v.ListMapKeys[0].Written(), "needs +listType=map")
		}
	}
}

func shortPkg(p *types.Package) string { return p.Name() }

// taint is what the errors found so far leave unchecked of a definition: all of it, or the
// properties whose declarations hold one (a tag of theirs may not have applied) together with
// the definition's own rules, which see those properties.
type taint struct {
	whole bool
	props map[*model.Property]bool
}

// taints returns the taint of every definition whose declaration holds one of the errors found
// so far. An error is a property's when it lies between the previous field of the struct and that
// property's own line; in a struct with inline-embedded fields, whose properties are declared
// elsewhere, and before the struct's first line, it is the whole definition's.
func taints(u *model.Universe, found model.Diagnostics) map[*model.Definition]*taint {
	out := map[*model.Definition]*taint{}
	for _, d := range u.Definitions {
		for _, f := range found {
			if f.Warning || !d.Declares(f.Pos) {
				continue
			}
			t := out[d]
			if t == nil {
				t = &taint{props: map[*model.Property]bool{}}
				out[d] = t
			}
			if p := declaringProperty(d, f.Pos); p != nil {
				t.props[p] = true
			} else {
				t.whole = true
			}
		}
	}
	return out
}

// declaringProperty returns the property of d whose declaration, tags included, holds pos; nil
// when pos is the type's or not known to be a single property's.
func declaringProperty(d *model.Definition, pos token.Position) *model.Property {
	if d.Node == nil || d.Node.Kind != model.KindObject || d.Node.Ref != nil || pos.Line <= d.Pos.Line {
		return nil
	}
	var best *model.Property
	for _, p := range d.Node.Properties {
		if !d.Declares(p.Pos) {
			return nil // an inline-embedded struct's property: its field is not known here
		}
		if p.Pos.Line >= pos.Line && (best == nil || p.Pos.Line < best.Pos.Line) {
			best = p
		}
	}
	return best
}

// dirty returns the definitions whose declarations hold one of the errors found so far: their
// model may be incomplete, so later checks leave them out. Warnings leave the model whole.
func dirty(u *model.Universe, found model.Diagnostics) map[*model.Definition]bool {
	out := map[*model.Definition]bool{}
	for d := range taints(u, found) {
		out[d] = true
	}
	return out
}
