package validators

import (
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// The API server correlates an updated value with its old value to ratchet it (KEP-4008): object
// fields through the schema's properties (or additionalProperties), map values by name,
// +listType=map items by their keys (the first old item with the same keys), and nothing below
// atomic lists and sets, which it compares whole. It counts a value unchanged when every part of
// it correlates with an equal old part. Generated validators compare values with typed equality
// functions (equal.go), item by item; that agrees with the server except for values it cannot
// correlate:
//   - a list-map item that is null (a nil item of a list of pointers), or whose JSON lacks one of
//     its keys (a nil pointer or an omitted zero value), has no old item, so it and every value
//     holding it count as changed;
//   - a list-map item that repeats an earlier item's keys is correlated with that earlier item's
//     old item, so it and every value holding it count as changed unless it equals the earlier
//     item;
//   - a free-form value (x-kubernetes-preserve-unknown-fields without properties, as
//     apiextensionsv1.JSON, runtime.RawExtension and interface{} are published, or a schemaless
//     one) whose JSON is an object with fields: the schema has no property for them, so it and
//     every value holding it count as changed.
//
// The schema forbids the first two (list-map items are objects, keys are required, duplicates are
// rejected), so only a stored object that predates its schema has them, and it must not escape
// validation by being unchanged; the third is any free-form object. The correlation functions
// below test a value whose equal old value the typed equality found: they report whether the
// server correlates all of it, and the value is unchanged only then.
// (A list-map whose items were reordered is still changed for the generated validators, and so
// validated: they may report errors there that the server ratchets, never miss one.)

// correlates returns the condition under which the value v (a pointer expression, equal to its
// old value) is correlated by the API server all through, or nil when it always is.
func (g *validatorGen) correlates(n *model.Node, v string) *jen.Statement {
	if name := g.correlationFn(n); name != "" {
		return jen.Id(name).Call(jen.Id(v))
	}
	return nil
}

// unchangedIf extends a ratcheting condition (typed equality of v and old) with the correlation
// test of v, where the value can hold list-maps.
func (g *validatorGen) unchangedIf(cond *jen.Statement, n *model.Node, v string) *jen.Statement {
	if c := g.correlates(n, v); c != nil {
		return cond.Op("&&").Add(c)
	}
	return cond
}

// holdsListMap reports whether a value can hold a value the server may not correlate, a
// +listType=map list or a free-form value (freeForm), where the server correlates: through
// objects, map values and list-map items, not through atomic lists and sets.
func (g *validatorGen) holdsListMap(n *model.Node) bool {
	if g.pkg.UpstreamSemantics() {
		return false // upstream's validators ratchet Go-equal values (equality.Semantic.DeepEqual)
	}
	switch {
	case n.Ref != nil && n.Ref.IsObjectMeta():
		// Metadata is published without its fields; the server correlates none of them and
		// compares no list-map inside it. A root kind's own validator is never unchanged for
		// that (validateFunc); metadata below the root is left to its typed equality.
		return false
	case g.freeForm(n):
		return true
	case n.Ref != nil:
		// Memoized by definition (nodes at places can be views made for one use): a recursive
		// type reached again while in progress adds nothing new.
		key := "holds:" + n.Ref.GoPackage + "." + n.Ref.GoName
		if r, ok := g.corrMemo[key]; ok {
			return r
		}
		g.corrMemo[key] = false
		r := g.holdsListMap(n.Ref.Node)
		g.corrMemo[key] = r
		return r
	case n.Kind == model.KindList:
		return g.isListMap(n)
	case n.Kind == model.KindMap:
		return n.Values != nil && g.holdsListMap(n.Values)
	case n.Kind == model.KindObject:
		for _, p := range n.Properties {
			if g.holdsListMap(p.Node) {
				return true
			}
		}
	}
	return false
}

// freeForm reports whether the published schema of a value names none of the fields its JSON
// can have: a schemaless value, interface{} (x-kubernetes-preserve-unknown-fields), or a type
// without JSON fields that writes its own JSON form (apiextensionsv1.JSON, runtime.RawExtension).
// A struct without fields that does not write its own form is {}, which the server correlates.
func (g *validatorGen) freeForm(n *model.Node) bool {
	if model.Published(n.V).Schema.Schemaless != nil {
		return true
	}
	switch n.Kind {
	case model.KindAny:
		return true
	case model.KindObject:
		props := n.Properties
		if n.Ref != nil {
			props = n.Ref.Node.Properties
		}
		if len(props) > 0 {
			return false
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n.ValueType()), true, nil, "MarshalJSON")
		return obj != nil
	}
	return false
}

func (g *validatorGen) isListMap(n *model.Node) bool {
	return n.Kind == model.KindList && g.listTypeIs(n, "map") && len(g.mapKeys(n)) > 0 && n.Items != nil
}

// correlationFn returns (declaring on first use) func(v *T) bool for a value that can hold a
// list-map, "" for one that cannot.
func (g *validatorGen) correlationFn(n *model.Node) string {
	if !g.holdsListMap(n) {
		return ""
	}
	// One function for each free-form type, definition, list type and key, map type, or anonymous
	// struct type.
	var key string
	free := g.freeForm(n)
	switch {
	case free:
		key = "corr:free " + types.TypeString(n.ValueType(), nil)
	case n.Ref != nil:
		key = "corr:def " + n.Ref.GoPackage + "." + n.Ref.GoName
		n = n.Ref.Node
	case n.Kind == model.KindList:
		key = "corr:list " + types.TypeString(n.ValueType(), nil) + " " + g.keyID(n.Items, g.mapKeys(n))
	case n.Kind == model.KindMap:
		key = "corr:map " + types.TypeString(n.ValueType(), nil) + " " + g.correlationFn(n.Values)
	default:
		key = "corr:obj " + types.TypeString(n.ValueType(), nil)
	}
	if name, ok := g.memo[key]; ok {
		return name
	}
	name := g.unique("correlates_" + typeIdent(n.ValueType()))
	g.memo[key] = name
	g.pending = append(g.pending, func() {
		body := []jen.Code{jen.Return(jen.Qual(pkgGenRT, "FreeFormCorrelates").Call(jen.Id("v")))}
		if !free {
			body = g.correlationBody(n)
		}
		g.vars = append(g.vars, jen.Func().Id(name).Params(jen.Id("v").Op("*").Add(g.goType(n.ValueType()))).Bool().Block(body...))
	})
	return name
}

// correlationBody tests *v.
func (g *validatorGen) correlationBody(n *model.Node) []jen.Code {
	var out []jen.Code
	switch n.Kind {
	case model.KindList:
		item := n.Items
		present := jen.Code(jen.Nil())
		if p := g.keyPresence(item, g.mapKeys(n)); p != "" {
			present = jen.Id(p)
		}
		fn, at := "Correlatable", jen.Op("&").Parens(jen.Op("*").Id("v")).Index(jen.Id("i"))
		if item.Pointer { // a nil item is null, which has no keys
			fn, at = "PtrCorrelatable", jen.Parens(jen.Op("*").Id("v")).Index(jen.Id("i"))
		}
		out = append(out, jen.If(jen.Op("!").Qual(pkgGenRT, fn).Call(jen.Op("*").Id("v"), g.keyFunc(item, g.mapKeys(n)), present, jen.Id(g.eq.fn(item.ValueType())))).Block(jen.Return(jen.False())))
		if inner := g.correlationFn(item); inner != "" {
			out = append(out, jen.For(jen.Id("i").Op(":=").Range().Op("*").Id("v")).Block(
				jen.If(jen.Op("!").Add(jen.Id(inner)).Call(at)).Block(jen.Return(jen.False()))))
		}
	case model.KindMap:
		inner := g.correlationFn(n.Values)
		x := jen.Op("&").Id("x")
		var cond *jen.Statement
		if n.Values.Pointer {
			x = jen.Id("x")
			cond = jen.Id("x").Op("!=").Nil().Op("&&").Op("!").Add(jen.Id(inner)).Call(x)
		} else {
			cond = jen.Op("!").Add(jen.Id(inner)).Call(x)
		}
		out = append(out, jen.For(jen.List(jen.Id("_"), jen.Id("x")).Op(":=").Range().Op("*").Id("v")).Block(
			jen.If(cond).Block(jen.Return(jen.False()))))
	case model.KindObject:
		for _, p := range n.Properties {
			inner := g.correlationFn(p.Node)
			if inner == "" {
				continue
			}
			var cond *jen.Statement
			if p.Node.Pointer {
				cond = jen.Id("v").Dot(p.GoName).Op("!=").Nil().Op("&&").Op("!").Add(jen.Id(inner)).Call(jen.Id("v").Dot(p.GoName))
			} else {
				cond = jen.Op("!").Add(jen.Id(inner)).Call(jen.Op("&").Id("v").Dot(p.GoName))
			}
			if len(p.Via) > 0 { // promoted through embedded pointers: absent when one is nil
				via := jen.Id("v." + p.Via[0]).Op("!=").Nil()
				for _, sel := range p.Via[1:] {
					via = via.Op("&&").Id("v." + sel).Op("!=").Nil()
				}
				cond = via.Op("&&").Add(cond)
			}
			out = append(out, jen.If(cond).Block(jen.Return(jen.False())))
		}
	}
	return append(out, jen.Return(jen.True()))
}

// keyPresence returns (declaring on first use) func(x *T) bool reporting whether an item has all
// its list-map keys, or "" when it always has them: a key is absent when it is a nil pointer, or at
// its zero value where that means unset (omitempty, omitzero, or x-kubernetes-strip-zero, which
// this generator publishes for non-pointer scalars: the server's copy of the object lacks it).
// Packages with upstream's semantics (+k8s:validation-gen) correlate as upstream's validators do:
// by key values.
func (g *validatorGen) keyPresence(item *model.Node, keys []model.String) string {
	if g.pkg.UpstreamSemantics() {
		return ""
	}
	id := "keypresent:" + g.keyID(item, keys)
	if name, ok := g.memo[id]; ok {
		return name
	}
	var cond *jen.Statement
	for _, p := range keyProperties(item, keys) {
		if p == nil {
			continue
		}
		var c *jen.Statement
		switch {
		case p.Node.Pointer:
			c = jen.Id("x").Dot(p.GoName).Op("!=").Nil()
		case p.OmitEmpty || p.OmitZero || p.StripZero:
			c = g.presentScalar(p, "x")
		}
		for i := len(p.Via) - 1; i >= 0; i-- {
			c = jen.Id("x." + p.Via[i]).Op("!=").Nil().Op("&&").Add(orTrue(c))
		}
		if c == nil {
			continue
		}
		if cond == nil {
			cond = c
		} else {
			cond = cond.Op("&&").Add(c)
		}
	}
	name := ""
	if cond != nil {
		name = g.unique("keyPresent_" + keyName(item, keys))
		g.vars = append(g.vars, jen.Func().Id(name).Params(jen.Id("x").Op("*").Add(g.goType(item.ValueType()))).Bool().Block(jen.Return(cond)))
	}
	g.memo[id] = name
	return name
}

func orTrue(c *jen.Statement) *jen.Statement {
	if c == nil {
		return jen.True()
	}
	return c
}

// presentScalar is the condition under which a key field of x that is unset at its zero value is set.
func (g *validatorGen) presentScalar(p *model.Property, x string) *jen.Statement {
	f := jen.Id(x).Dot(p.GoName)
	switch {
	case p.Node.Ref != nil || p.Node.Kind == model.KindIntOrString:
	case p.Node.Kind == model.KindString && p.Node.Format == "byte":
		return jen.Len(f).Op("!=").Lit(0)
	case p.Node.Kind == model.KindString:
		return f.Op("!=").Lit("")
	case p.Node.Kind == model.KindInteger, p.Node.Kind == model.KindNumber:
		return f.Op("!=").Lit(0)
	case p.Node.Kind == model.KindBoolean:
		return f
	}
	if a := g.absent(p.Node, "&"+x+"."+p.GoName); a != nil {
		return jen.Op("!").Parens(a)
	}
	return nil
}
