package validators

import (
	"go/types"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/model"
)

// listType is the list type generated Go reads at n: in a package written for Kubernetes'
// validation-gen only +k8s:listType (model.GoString), as upstream reads no other dialect's tags.
func (g *validatorGen) listType(n *model.Node) *model.String {
	return model.GoString(n.V.ListType, g.pkg.UpstreamSemantics())
}

// mapKeys is listType for +listMapKey.
func (g *validatorGen) mapKeys(n *model.Node) []model.String {
	return model.GoStrings(n.V.ListMapKeys, g.pkg.UpstreamSemantics())
}

// listTypeIs reports whether generated Go reads n as a list of type lt.
func (g *validatorGen) listTypeIs(n *model.Node, lt string) bool {
	t := g.listType(n)
	return t != nil && t.Value == lt
}

// items emits the checks of list items, with their correlated old items: by key for
// +listType=map, and none for sets and atomic lists (whose whole value is ratcheted instead), as
// the API server correlates them. Duplicates of sets and map keys are found in O(n).
func (g *validatorGen) items(n *model.Node, v, old string, depth int, transitionsOnly bool) []jen.Code {
	var out []jen.Code
	item := n.Items
	listType, mapKeys := g.listType(n), g.mapKeys(n)
	lt := ""
	if listType != nil {
		lt = listType.Value
	}
	it := item.ValueType()
	iv, io := "item"+strconv.Itoa(depth), "oldItem"+strconv.Itoa(depth)
	idx := "i" + strconv.Itoa(depth)
	itemErrs := nestedName("itemErrs", depth)
	var keyFn jen.Code
	dup := func(dups jen.Code, value *jen.Statement, origin string) jen.Code {
		return jen.For(jen.List(jen.Id("_"), jen.Id("d")).Op(":=").Range().Add(dups)).Block(
			jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "At").Call(
				jen.Qual(pkgField, "Duplicate").Call(jen.Nil(), value),
				jen.Lit("[").Op("+").Qual("strconv", "Itoa").Call(jen.Id("d")).Op("+").Lit("]"), jen.Lit(g.upstreamOr(origin))), listType.Origin)))
	}
	// The item at index d, as a value (a pointer item is not nil: nil items are never duplicates).
	itemAt := jen.Parens(jen.Op("*").Id(v)).Index(jen.Id("d"))
	upstream := g.pkg.UpstreamSemantics()
	if item.Pointer && !upstream {
		itemAt = jen.Op("*").Add(itemAt)
	}
	switch lt {
	case "set":
		if !transitionsOnly && n.V.CustomUnique == nil {
			// Go's == compares values only where no pointer, slice, map or interface is inside;
			// other items (upstream's semantics allow them) are compared by their typed equality.
			var dups jen.Code
			switch {
			case item.Pointer && directlyComparable(it):
				dups = jen.Qual(pkgGenRT, "PtrKeyDuplicates").Call(jen.Op("*").Id(v), g.derefOr(old),
					jen.Func().Params(jen.Id("x").Op("*").Add(g.goType(it))).Add(g.goType(it)).Block(jen.Return(jen.Op("*").Id("x"))))
			case item.Pointer:
				dups = jen.Qual(pkgGenRT, "PtrEqualDuplicates").Call(jen.Op("*").Id(v), g.derefOr(old), jen.Id(g.eq.fn(it)))
			case directlyComparable(it):
				dups = jen.Qual(pkgGenRT, "SetDuplicates").Call(jen.Op("*").Id(v), g.derefOr(old))
			default:
				dups = jen.Qual(pkgGenRT, "EqualDuplicates").Call(jen.Op("*").Id(v), g.derefOr(old), jen.Id(g.eq.fn(it)))
			}
			out = append(out, gated(listType.Origin, dup(dups, itemAt, "listType=set")))
		}
	case "map":
		keyFn = g.keyFunc(item, mapKeys)
		if !transitionsOnly && n.V.CustomUnique == nil {
			fn, at := "KeyDuplicates", jen.Op("&").Parens(jen.Op("*").Id(v)).Index(jen.Id("d"))
			args := []jen.Code{jen.Op("*").Id(v), g.derefOr(old), keyFn}
			// A duplicate's bad value is its key, as the API server reports it; in upstream's
			// semantics the whole item, as validate.ValSliceUnique / PtrSliceUnique report it.
			value := jen.Id(g.keyValueFunc(item, mapKeys)).Call(at)
			switch {
			case upstream:
				value = itemAt.Clone()
				if item.Pointer {
					fn = "PtrKeyDuplicates" // nil items are upstream's PtrSliceNoNils's
				}
			case item.Pointer:
				// The server counts a nil item (null) as an item without keys: a duplicate of
				// another nil item, and of an item whose keys are all absent.
				fn, at = "PtrMapKeyDuplicates", jen.Parens(jen.Op("*").Id(v)).Index(jen.Id("d"))
				args = append(args, jen.Lit(g.zeroKeysAbsent(item, mapKeys)))
				value = jen.Qual(pkgGenRT, "PtrKeyValue").Call(at, jen.Id(g.keyValueFunc(item, mapKeys)))
			}
			out = append(out, gated(listType.Origin, dup(jen.Qual(pkgGenRT, fn).Call(args...),
				value, "listType=map")))
		}
	}
	if !g.nodeCarries(item) && !(transitionsOnly && g.nodeTransition(item, false)) {
		return out
	}
	if transitionsOnly && !g.nodeTransition(item, false) {
		return out
	}
	var corr []jen.Code
	var loop []jen.Code
	switch {
	case lt == "map":
		// An item whose JSON lacks a key has no old item, and is no old item (as the API server
		// correlates them).
		index := jen.Qual(pkgGenRT, "IndexByKey").Call(jen.Op("*").Id(old), keyFn)
		found := jen.Id("ok")
		if present := g.keyPresence(item, mapKeys); item.Pointer && present != "" {
			index = jen.Qual(pkgGenRT, "PtrIndexByPresentKey").Call(jen.Op("*").Id(old), keyFn, jen.Id(present))
			found = jen.Id("ok").Op("&&").Id(present).Call(jen.Id(iv))
		} else if item.Pointer {
			index = jen.Qual(pkgGenRT, "PtrIndexByKey").Call(jen.Op("*").Id(old), keyFn)
		} else if present != "" {
			index = jen.Qual(pkgGenRT, "IndexByPresentKey").Call(jen.Op("*").Id(old), keyFn, jen.Id(present))
			found = jen.Id("ok").Op("&&").Id(present).Call(jen.Id(iv))
		}
		corr = append(corr, jen.Var().Id("oldIndex").Map(g.keyType(item, mapKeys)).Int(),
			jen.If(jen.Id(old).Op("!=").Nil()).Block(jen.Id("oldIndex").Op("=").Add(index)))
		loop = append(loop, jen.Var().Id(io).Op("*").Add(g.goType(it)),
			jen.If(jen.List(jen.Id("j"), jen.Id("ok")).Op(":=").Id("oldIndex").Index(jen.Id(g.keyFuncName(item, mapKeys)).Call(jen.Id(iv))), found).Block(
				jen.Id(io).Op("=").Add(g.itemRef(item, old))))
	case lt == "set" && g.pkg.UpstreamSemantics():
		// Upstream correlates a set's items with equal old items (validate.EachValSliceVal with
		// an equality as match): an item the old set had is unchanged, and not validated again.
		oldAt := g.itemRef(item, old)
		cond := jen.Id(g.eq.fn(it)).Call(oldAt.Clone(), jen.Id(iv))
		if item.Pointer {
			cond = oldAt.Clone().Op("!=").Nil().Op("&&").Add(cond)
		}
		loop = append(loop, jen.Var().Id(io).Op("*").Add(g.goType(it)),
			jen.If(jen.Id(old).Op("!=").Nil()).Block(jen.For(jen.Id("j").Op(":=").Range().Op("*").Id(old)).Block(
				jen.If(cond).Block(jen.Id(io).Op("=").Add(oldAt), jen.Break()))))
	default:
		// Set items and atomic list items have no old value: the API server correlates neither
		// (KEP-4008), so they ratchet only with their whole list.
		loop = append(loop, jen.Var().Id(io).Op("*").Add(g.goType(it)))
	}
	inner := g.valueChecks(item, iv, io, depth+1, transitionsOnly)
	if len(inner) == 0 {
		return out // only checks that always pass (+k8s:validateTrue), which emit nothing
	}
	body := append([]jen.Code{jen.Id(iv).Op(":=").Op("&").Parens(jen.Op("*").Id(v)).Index(jen.Id(idx))}, loop...)
	if item.Pointer { // []*T: items are pointers already; a nil item is not validated
		body = append([]jen.Code{jen.Id(iv).Op(":=").Parens(jen.Op("*").Id(v)).Index(jen.Id(idx)),
			jen.If(jen.Id(iv).Op("==").Nil()).Block(jen.Continue())}, loop...)
	} else if nilItems(n) != "" && g.nullItemType(n) != "" {
		// A nil map or slice item is null in JSON: the API server reports its type (NullMapItems,
		// NullSliceItems) and checks nothing else of it.
		body = append([]jen.Code{jen.Id(iv).Op(":=").Op("&").Parens(jen.Op("*").Id(v)).Index(jen.Id(idx)),
			jen.If(jen.Op("*").Id(iv).Op("==").Nil()).Block(jen.Continue())}, loop...)
	}
	body = append(body, jen.Block(append([]jen.Code{jen.Id("e").Op(":=").Id("e").Index(jen.Op(":").Lit(0).Op(":").Lit(0))}, // fresh, empty, no allocation
		append(inner, jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(
			jen.Id(itemErrs).Op("=").Append(jen.Id(itemErrs), jen.Qual(pkgGenRT, "PrefixIndex").Call(jen.Id("e"), jen.Id(idx)).Op("..."))))...)...))
	out = append(out, corr...)
	out = append(out, jen.Var().Id(itemErrs).Qual(pkgField, "ErrorList"))
	out = append(out, jen.For(jen.Id(idx).Op(":=").Range().Op("*").Id(v)).Block(body...))
	out = append(out, jen.Id("e").Op("=").Append(jen.Id("e"), jen.Id(itemErrs).Op("...")))
	return out
}

// directlyComparable reports whether Go's == compares values of t by value: no pointer, slice,
// map, interface or channel inside (upstream's validate.DirectEqual applies then).
func directlyComparable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UntypedNil && u.Kind() != types.UnsafePointer
	case *types.Array:
		return directlyComparable(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !directlyComparable(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// derefOr passes the old list to duplicate detection when ratcheting (nil otherwise, so that with
// ratcheting off a duplicate the old list already had is reported too). In upstream's semantics it
// is always nil: validate.ValSliceUnique reports every duplicate of a list that changed, those the
// old list already had included (the API server checks a set or list map for duplicates on update
// only when the old object had none, the harness's list-duplicates-on-update).
func (g *validatorGen) derefOr(old string) jen.Code {
	if g.pkg.UpstreamSemantics() {
		return jen.Nil()
	}
	return jen.Qual(pkgGenRT, "RatchetOld").Call(jen.Id("ratchet"), jen.Id(old))
}

// values emits the checks of map values, correlated with old values by key.
func (g *validatorGen) values(n *model.Node, v, old string, depth int, transitionsOnly bool) []jen.Code {
	val := n.Values
	if !g.nodeCarries(val) || transitionsOnly && !g.nodeTransition(val, false) {
		return nil
	}
	vt := val.ValueType()
	k, mv, ov := "k"+strconv.Itoa(depth), "val"+strconv.Itoa(depth), "oldVal"+strconv.Itoa(depth)
	valErrs := nestedName("valErrs", depth)
	inner := g.valueChecks(val, mv, ov, depth+1, transitionsOnly)
	if len(inner) == 0 {
		return nil
	}
	body := []jen.Code{
		jen.Id(mv).Op(":=").Op("&").Id("x"),
		jen.Var().Id(ov).Op("*").Add(g.goType(vt)),
		jen.If(jen.Id(old).Op("!=").Nil()).Block(jen.If(jen.List(jen.Id("o"), jen.Id("ok")).Op(":=").Parens(jen.Op("*").Id(old)).Index(jen.Id(k)), jen.Id("ok")).Block(jen.Id(ov).Op("=").Op("&").Id("o"))),
	}
	if val.Pointer { // map[K]*T: values are pointers already; a nil value is not validated
		body = []jen.Code{
			jen.Id(mv).Op(":=").Id("x"),
			jen.If(jen.Id(mv).Op("==").Nil()).Block(jen.Continue()),
			jen.Var().Id(ov).Op("*").Add(g.goType(vt)),
			jen.If(jen.Id(old).Op("!=").Nil()).Block(jen.Id(ov).Op("=").Parens(jen.Op("*").Id(old)).Index(jen.Id(k))),
		}
	}
	body = append(body, jen.Block(append([]jen.Code{jen.Id("e").Op(":=").Id("e").Index(jen.Op(":").Lit(0).Op(":").Lit(0))},
		append(inner, jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(
			jen.Id(valErrs).Op("=").Append(jen.Id(valErrs), jen.Qual(pkgGenRT, "PrefixKey").Call(jen.Id("e"), jen.String().Call(jen.Id(k))).Op("..."))))...)...))
	return []jen.Code{
		jen.Var().Id(valErrs).Qual(pkgField, "ErrorList"),
		jen.For(jen.List(jen.Id(k), jen.Id("x")).Op(":=").Range().Op("*").Id(v)).Block(body...),
		jen.Id("e").Op("=").Append(jen.Id("e"), jen.Qual(pkgGenRT, "SortByField").Call(jen.Id(valErrs)).Op("...")),
	}
}

// nestedName is the name of the errors of a list's items or a map's values at depth: a list of
// lists or a map of maps declares the inner one inside the block that appends to the outer one,
// so each depth below the first has its own (the same name would hide the outer list, and the
// inner errors would be appended to the inner list after it was read, and lost).
func nestedName(name string, depth int) string {
	if depth <= 1 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// keyType returns the type of a list-map item's key: the key field's type for one key (written
// through goType, as every type reference of generated code is, so that its import name is the
// file's), a generated struct for several.
func (g *validatorGen) keyType(item *model.Node, keys []model.String) jen.Code {
	g.keyFunc(item, keys)
	if len(keys) == 1 {
		return g.keyFieldType(keyProperties(item, keys)[0])
	}
	return jen.Id(g.memo["key:"+g.keyID(item, keys)])
}

// keyID identifies an item type's key for the memo: the full type (two packages' Condition types
// have different keys) and the key fields.
func (g *validatorGen) keyID(item *model.Node, keys []model.String) string {
	return types.TypeString(item.ValueType(), nil) + " " + keyFields(keys)
}

// keyName is the base of the names of a key's helpers.
func keyName(item *model.Node, keys []model.String) string {
	return typeIdent(item.ValueType()) + "_" + keyFields(keys)
}

func keyFields(keys []model.String) string {
	var ks []string
	for _, k := range keys {
		ks = append(ks, k.Value)
	}
	return strings.Join(ks, "_")
}

func (g *validatorGen) keyFuncName(item *model.Node, keys []model.String) string {
	g.keyFunc(item, keys)
	return g.memo["keyfn:"+g.keyID(item, keys)]
}

// keyProperties are the key fields of a list-map item, in the order of keys (the check stage
// guarantees that each names a field of the item).
func keyProperties(item *model.Node, keys []model.String) []*model.Property {
	props := item.Properties
	if item.Ref != nil {
		props = item.Ref.Node.Properties
	}
	out := make([]*model.Property, len(keys))
	for i, k := range keys {
		for _, p := range props {
			if p.Name == k.Value {
				out[i] = p
			}
		}
	}
	return out
}

// keyFunc returns (declaring on first use) the function that extracts a list-map item's key.
func (g *validatorGen) keyFunc(item *model.Node, keys []model.String) jen.Code {
	id := g.keyID(item, keys)
	if name, ok := g.memo["keyfn:"+id]; ok {
		return jen.Id(name)
	}
	kp := keyProperties(item, keys)
	it := g.goType(item.ValueType())
	fn := g.unique("key_" + keyName(item, keys))
	vfn := g.unique("keyValue_" + keyName(item, keys))
	g.memo["keyfn:"+id] = fn
	g.memo["keyvalue:"+id] = vfn
	if len(keys) == 1 {
		p := kp[0]
		kt := g.keyFieldType(p)
		g.vars = append(g.vars, jen.Func().Id(fn).Params(jen.Id("x").Op("*").Add(it)).Add(kt).Block(jen.Return(g.keyField(p, "x", true))))
		g.vars = append(g.vars, jen.Func().Id(vfn).Params(jen.Id("x").Op("*").Add(it)).Any().Block(jen.Return(g.keyField(p, "x", false))))
		return jen.Id(fn)
	}
	kt := g.unique("keyOf_" + keyName(item, keys))
	g.memo["key:"+id] = kt
	var fields, vals, dict []jen.Code
	for _, p := range kp {
		fields = append(fields, jen.Id(p.GoName).Add(g.keyFieldType(p)))
		vals = append(vals, jen.Id(p.GoName).Op(":").Add(g.keyField(p, "x", true)))
		dict = append(dict, jen.Lit(p.Name).Op(":").Add(g.keyField(p, "x", false)))
	}
	g.vars = append(g.vars, jen.Type().Id(kt).Struct(fields...))
	g.vars = append(g.vars, jen.Func().Id(fn).Params(jen.Id("x").Op("*").Add(it)).Id(kt).Block(jen.Return(jen.Id(kt).Values(vals...))))
	g.vars = append(g.vars, jen.Func().Id(vfn).Params(jen.Id("x").Op("*").Add(it)).Any().Block(jen.Return(jen.Map(jen.String()).Any().Values(dict...))))
	return jen.Id(fn)
}

// zeroKeysAbsent reports whether a zero item lacks every one of its list-map keys in JSON (each
// is a pointer or a value omitted at zero, as keyPresence tests them), so that the API server reads
// its keys as a null item's: none.
func (g *validatorGen) zeroKeysAbsent(item *model.Node, keys []model.String) bool {
	for _, p := range keyProperties(item, keys) {
		switch {
		case p == nil || len(p.Via) > 0:
			return false
		case p.Node.Pointer:
		case (p.OmitEmpty || p.OmitZero || p.StripZero) && g.presentScalar(p, "x") != nil:
		default:
			return false
		}
	}
	return true
}

func (g *validatorGen) keyValueFunc(item *model.Node, keys []model.String) string {
	g.keyFunc(item, keys)
	return g.memo["keyvalue:"+g.keyID(item, keys)]
}

// keyField reads a key field, dereferencing a pointer (a nil key reads as its zero value). As a
// key (forKey) in a package written for Kubernetes' validation-gen, a pointer is read with
// genruntime.PtrKeyOf: upstream's match functions tell a nil key from a pointer to the zero value,
// for duplicates and for the correlation of old items alike.
func (g *validatorGen) keyField(p *model.Property, x string, forKey bool) jen.Code {
	switch {
	case p.Node.Pointer && forKey && g.pkg.UpstreamSemantics():
		return jen.Qual(pkgGenRT, "PtrKeyOf").Call(jen.Id(x).Dot(p.GoName))
	case p.Node.Pointer:
		return jen.Qual(pkgGenRT, "Value").Call(jen.Id(x).Dot(p.GoName))
	}
	return jen.Id(x).Dot(p.GoName)
}

// keyFieldType is the type of a key field as keyField reads it for a key.
func (g *validatorGen) keyFieldType(p *model.Property) jen.Code {
	if p.Node.Pointer && g.pkg.UpstreamSemantics() {
		return jen.Qual(pkgGenRT, "PtrKey").Types(g.goType(p.Node.ValueType()))
	}
	return g.goType(p.Node.ValueType())
}

// itemRef is the old item at index j as a pointer.
func (g *validatorGen) itemRef(item *model.Node, old string) *jen.Statement {
	if item.Pointer {
		return jen.Parens(jen.Op("*").Id(old)).Index(jen.Id("j"))
	}
	return jen.Op("&").Parens(jen.Op("*").Id(old)).Index(jen.Id("j"))
}

// keys emits the checks of map keys (+k8s:eachKey), as upstream's validate.EachMapKey: errors
// are reported at the map itself, and on update a key the old map has is not checked again.
func (g *validatorGen) keys(n *model.Node, v, old string, depth int) []jen.Code {
	if n.Keys == nil || !g.nodeCarries(n.Keys) {
		return nil
	}
	k, kv, ok := "k"+strconv.Itoa(depth), "key"+strconv.Itoa(depth), "oldKey"+strconv.Itoa(depth)
	inner := g.valueChecks(n.Keys, kv, ok, depth+1, false)
	if len(inner) == 0 {
		return nil
	}
	var oldKey jen.Code = jen.Null()
	if uses(inner, ok) { // a new key has no old key
		oldKey = jen.Var().Id(ok).Op("*").Add(g.goType(n.Keys.ValueType()))
	}
	body := []jen.Code{
		jen.If(jen.Id("ratchet").Op("&&").Id(old).Op("!=").Nil()).Block(
			jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Parens(jen.Op("*").Id(old)).Index(jen.Id(k)), jen.Id("ok")).Block(jen.Continue())),
		jen.Id(kv).Op(":=").Op("&").Id(k),
		oldKey,
		jen.Block(append([]jen.Code{jen.Id("e").Op(":=").Id("e").Index(jen.Op(":").Lit(0).Op(":").Lit(0))},
			append(inner, jen.Id("keyErrs").Op("=").Append(jen.Id("keyErrs"), jen.Id("e").Op("...")))...)...),
	}
	return []jen.Code{
		jen.Var().Id("keyErrs").Qual(pkgField, "ErrorList"),
		jen.For(jen.Id(k).Op(":=").Range().Op("*").Id(v)).Block(body...),
		jen.Id("e").Op("=").Append(jen.Id("e"), jen.Id("keyErrs").Op("...")),
	}
}

// subfields emits what +k8s:subfield declares for fields of a struct value: each field is
// checked like a property, against the old struct's field, with errors at "value.field".
func (g *validatorGen) subfields(n *model.Node, v, old string, depth int) []jen.Code {
	var out []jen.Code
	upstream := g.pkg.UpstreamSemantics()
	subs := n.V.Subfields
	if upstream {
		subs = cohorts(subs)
	}
	for _, sf := range subs {
		node := sf.Node
		if n.V.Opaque != nil {
			// +k8s:opaqueType: what the struct's type declares is not checked, the fields of that
			// type included; a subfield gets its chained tags only.
			node = opaque(node, n.V.Opaque)
		}
		// In upstream's semantics the subfield's own +k8s:required and +k8s:immutable run first and
		// short-circuit the rest (errors marked so).
		required := upstream && model.GoFlag(node.V.Required, true) != nil && g.absent(node, "x") != nil
		immutable := upstream && node.V.Immutable != nil
		if immutable {
			c := *node
			c.V.Immutable = nil
			node = &c
		}
		if !g.nodeCarries(node) && !required && !immutable {
			continue
		}
		sv, so := "sub"+strconv.Itoa(depth), "oldSub"+strconv.Itoa(depth)
		inner := g.valueChecks(node, sv, so, depth+1, false)
		var first []jen.Code
		if required {
			first = append(first, jen.If(g.absent(sf.Node, sv)).Block(jen.Id("e").Op("=").Append(jen.Id("e"), marked(g.shortCircuit(jen.Qual(pkgGenRT, "At").Call(
				jen.Qual(pkgField, "Required").Call(jen.Nil(), jen.Lit("")), jen.Lit(""), jen.Lit(""))), model.GoFlag(node.V.Required, true).Origin))))
		}
		if immutable && !sf.Node.Pointer {
			// As +k8s:immutable elsewhere: a subfield with no old value (a new item) changed too.
			check := g.immutableCheck(sf.Node, sv, so, sf.Node.V.Immutable.Origin)
			if len(first) > 0 {
				check = jen.If(jen.Len(jen.Id("e")).Op("==").Lit(0)).Block(check)
			}
			first = append(first, check)
		} else if immutable {
			changed := g.changed(sf.Node, old, sv, so)
			if len(first) > 0 {
				changed = jen.Len(jen.Id("e")).Op("==").Lit(0).Op("&&").Add(changed)
			}
			first = append(first, gated(sf.Node.V.Immutable.Origin, jen.If(changed).Block(jen.Id("e").Op("=").Append(jen.Id("e"), marked(g.shortCircuit(jen.Qual(pkgGenRT, "At").Call(
				jen.Qual(pkgField, "Invalid").Call(jen.Nil(), jen.Id(sv), jen.Lit("field is immutable")), jen.Lit(""), jen.Lit("immutable"))), sf.Node.V.Immutable.Origin)))))
		}
		stop := g.inheritedStop(n, sf, old, sv, so)
		var onNil []jen.Code // upstream checks a nil pointer too: only +k8s:validateFalse reports
		if upstream && sf.Node.Pointer {
			onNil = g.fixedResults(node.V.FixedResults, sv, so, "e")
		}
		plain := len(first) == 0 && stop == nil && len(onNil) == 0 // the whole block is skipped for a nil pointer
		if sf.Node.Pointer && len(inner) > 0 && !plain {
			guard := jen.If(jen.Id(sv).Op("!=").Nil()).Block(inner...)
			if len(onNil) > 0 {
				unchanged := jen.Id("ratchet").Op("&&").Id(old).Op("!=").Nil().Op("&&").Id(so).Op("==").Nil()
				guard = guard.Else().If(jen.Op("!").Parens(unchanged)).Block(onNil...)
			}
			inner = []jen.Code{guard}
		}
		if upstream && model.GoFlag(node.V.Optional, true) != nil && len(inner) > 0 && !g.inheritsPresence(n, sf) {
			if absent := g.absent(sf.Node, sv); absent != nil {
				// The subfield's own +k8s:optional stops its cohort when it is unset.
				inner = []jen.Code{jen.If(jen.Op("!").Parens(absent)).Block(inner...)}
			}
		}
		if stop != nil && len(inner) > 0 {
			// The field's own short-circuiting checks stop the subfield's (they report in the
			// struct's validator), unless the field or its type is +k8s:opaqueType.
			inner = []jen.Code{jen.If(jen.Op("!").Parens(stop)).Block(inner...)}
		}
		if len(first) > 0 && len(inner) > 0 {
			inner = []jen.Code{jen.If(jen.Len(jen.Id("e")).Op("==").Lit(0)).Block(inner...)}
		}
		checks := append(first, inner...)
		if len(checks) == 0 {
			continue
		}
		var block []jen.Code
		if sf.Node.Pointer {
			block = append(block, jen.Id(sv).Op(":=").Id(v).Dot(sf.GoName))
		} else {
			block = append(block, jen.Id(sv).Op(":=").Op("&").Id(v).Dot(sf.GoName))
		}
		if uses(checks, so) {
			block = append(block, jen.Var().Id(so).Op("*").Add(g.goType(sf.Node.ValueType())))
			get := jen.Op("&").Id(old).Dot(sf.GoName)
			if sf.Node.Pointer {
				get = jen.Id(old).Dot(sf.GoName)
			}
			block = append(block, jen.If(jen.Id(old).Op("!=").Nil()).Block(jen.Id(so).Op("=").Add(get)))
		}
		body := append([]jen.Code{jen.Id("e").Op(":=").Id("e").Index(jen.Op(":").Lit(0).Op(":").Lit(0))}, checks...)
		body = append(body, jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(
			jen.Id("subErrs").Op("=").Append(jen.Id("subErrs"), jen.Qual(pkgGenRT, "PrefixChild").Call(jen.Id("e"), jen.Lit(sf.Name)).Op("..."))))
		if plain && sf.Node.Pointer {
			block = append(block, jen.If(jen.Id(sv).Op("!=").Nil()).Block(body...))
		} else {
			block = append(block, jen.Block(body...))
		}
		out = append(out, jen.Comment("+k8s:subfield("+sf.Name+")"), jen.Block(block...))
	}
	if len(out) == 0 {
		return nil
	}
	out = append([]jen.Code{jen.Var().Id("subErrs").Qual(pkgField, "ErrorList")}, out...)
	return append(out, jen.Id("e").Op("=").Append(jen.Id("e"), jen.Id("subErrs").Op("...")))
}

// opaque is a copy of n whose types' own validations are skipped (+k8s:opaqueType), down to its
// list items and map values: only the tags at these places are checked.
func opaque(n *model.Node, f *model.Flag) *model.Node {
	if n == nil {
		return nil
	}
	c := *n
	if c.V.Opaque == nil {
		c.V.Opaque = f
	}
	c.Items, c.Values = opaque(n.Items, f), opaque(n.Values, f)
	return &c
}

// cohorts merges the +k8s:subfield tags of one field into one, as upstream's validation-gen runs
// them as one cohort: a short-circuit of one stops the others.
func cohorts(subs []*model.Subfield) []*model.Subfield {
	var out []*model.Subfield
	at := map[string]int{}
	for _, sf := range subs {
		i, ok := at[sf.Name]
		if !ok {
			at[sf.Name] = len(out)
			out = append(out, sf)
			continue
		}
		merged, node := *out[i], *out[i].Node
		node.V = model.MergeValidations([]*model.Validations{&out[i].Node.V, &sf.Node.V}, nil)
		merged.Node = &node
		out[i] = &merged
	}
	return out
}

// inheritsPresence reports whether the subfield inherits the +k8s:required or +k8s:optional of the
// field's own declaration (inheritedStop stops it when the field is unset).
func (g *validatorGen) inheritsPresence(n *model.Node, sf *model.Subfield) bool {
	if !g.pkg.UpstreamSemantics() || n.V.Opaque != nil || n.Ref != nil && n.Ref.Node.V.Opaque != nil {
		return false
	}
	for _, p := range model.Effective(n).Properties {
		if p.GoName == sf.GoName {
			return (model.GoFlag(p.Node.V.Required, true) != nil || model.GoFlag(p.Node.V.Optional, true) != nil) &&
				g.absent(p.Node, "x") != nil
		}
	}
	return false
}

// changed is the condition under which the field sv of the struct old, whose old value is so,
// changed on update: for a pointer, set or unset included.
func (g *validatorGen) changed(n *model.Node, old, sv, so string) *jen.Statement {
	eq := jen.Op("!").Id(g.eq.fn(n.ValueType())).Call(jen.Id(sv), jen.Id(so))
	if !n.Pointer {
		return jen.Id(so).Op("!=").Nil().Op("&&").Add(eq)
	}
	return jen.Id(old).Op("!=").Nil().Op("&&").Parens(jen.Parens(jen.Id(sv).Op("==").Nil()).Op("!=").Parens(jen.Id(so).Op("==").Nil()).
		Op("||").Id(sv).Op("!=").Nil().Op("&&").Id(so).Op("!=").Nil().Op("&&").Add(eq))
}

// inheritedStop is, in upstream's semantics, the condition under which the checks of the struct
// field a +k8s:subfield selects that short-circuit (+k8s:required, +k8s:optional, +k8s:forbidden,
// +k8s:immutable, +k8s:update, +k8s:maxItems, +k8s:maxProperties) fail, which stops the
// subfield's checks as upstream's validate.Subfield inherits them; nil when there is none, or the
// field or its type is +k8s:opaqueType.
func (g *validatorGen) inheritedStop(n *model.Node, sf *model.Subfield, old, sv, so string) *jen.Statement {
	if !g.pkg.UpstreamSemantics() || n.V.Opaque != nil || n.Ref != nil && n.Ref.Node.V.Opaque != nil {
		return nil
	}
	var tp *model.Property
	for _, p := range model.Effective(n).Properties {
		if p.GoName == sf.GoName {
			tp = p
		}
	}
	if tp == nil {
		return nil
	}
	t := tp.Node
	var conds []*jen.Statement
	absent := func(x string) *jen.Statement { return g.absent(t, x) }
	if a := absent(sv); a != nil {
		if g.inheritsPresence(n, sf) {
			conds = append(conds, a)
		}
		if t.V.Forbidden != nil {
			// Set, it is an error; unset, there is nothing to check.
			return jen.True()
		}
	}
	if t.V.Immutable != nil {
		conds = append(conds, g.changed(t, old, sv, so))
	}
	if u := t.V.Update; u != nil && (u.Func == "UpdateValueByCompare" || u.Func == "UpdatePointer") && absent(sv) != nil {
		for _, c := range u.Constraints {
			switch c {
			case "NoSet":
				conds = append(conds, jen.Id(so).Op("!=").Nil().Op("&&").Add(absent(so)).Op("&&").Op("!").Parens(absent(sv)))
			case "NoUnset":
				conds = append(conds, jen.Id(so).Op("!=").Nil().Op("&&").Op("!").Parens(absent(so)).Op("&&").Add(absent(sv)))
			case "NoModify":
				conds = append(conds, jen.Id(so).Op("!=").Nil().Op("&&").Op("!").Parens(absent(so)).Op("&&").Op("!").Parens(absent(sv)).Op("&&").
					Op("!").Id(g.eq.fn(t.ValueType())).Call(jen.Id(sv), jen.Id(so)))
			}
		}
	}
	if !t.Pointer {
		switch t.Kind {
		case model.KindList:
			for _, m := range t.V.MaxItems {
				conds = append(conds, jen.Len(jen.Op("*").Id(sv)).Op(">").Lit(int(m.Value)))
			}
		case model.KindMap:
			for _, m := range t.V.MaxProperties {
				conds = append(conds, jen.Len(jen.Op("*").Id(sv)).Op(">").Lit(int(m.Value)))
			}
		}
	}
	if len(conds) == 0 {
		return nil
	}
	out := jen.Parens(conds[0])
	for _, c := range conds[1:] {
		out = out.Op("||").Parens(c)
	}
	return out
}

// itemSelectors emits what +k8s:item declares: the checks of the items whose key fields have
// the given values, each against the old item with the same keys, errors at "[i]".
func (g *validatorGen) itemSelectors(n *model.Node, v, old string, depth int) []jen.Code {
	var out []jen.Code
	for _, it := range n.V.ItemSelectors {
		if !g.nodeCarries(it.Node) {
			continue
		}
		idx, iv, io := "i"+strconv.Itoa(depth), "sel"+strconv.Itoa(depth), "oldSel"+strconv.Itoa(depth)
		inner := g.valueChecks(it.Node, iv, io, depth+1, false)
		if len(inner) == 0 {
			continue // only a union member: the list's union checks it
		}
		match := func(x string) *jen.Statement {
			var cond *jen.Statement
			for _, k := range it.Keys {
				var c *jen.Statement
				if k.Pointer {
					c = jen.Id(x).Dot(k.GoName).Op("!=").Nil().Op("&&").Op("*").Id(x).Dot(k.GoName).Op("==").Add(untypedLit(k.Value))
				} else {
					c = jen.Id(x).Dot(k.GoName).Op("==").Add(untypedLit(k.Value))
				}
				if cond == nil {
					cond = c
				} else {
					cond = cond.Op("&&").Add(c)
				}
			}
			return cond
		}
		body := []jen.Code{
			jen.Id(iv).Op(":=").Op("&").Parens(jen.Op("*").Id(v)).Index(jen.Id(idx)),
			jen.If(jen.Op("!").Parens(match(iv))).Block(jen.Continue()),
		}
		oldAt, oldMatch := jen.Op("&").Parens(jen.Op("*").Id(old)).Index(jen.Id("j")), match("o")
		if n.Items != nil && n.Items.Pointer { // []*T: a nil item is never selected
			body = []jen.Code{
				jen.Id(iv).Op(":=").Parens(jen.Op("*").Id(v)).Index(jen.Id(idx)),
				jen.If(jen.Id(iv).Op("==").Nil().Op("||").Op("!").Parens(match(iv))).Block(jen.Continue()),
			}
			oldAt, oldMatch = jen.Parens(jen.Op("*").Id(old)).Index(jen.Id("j")), jen.Id("o").Op("!=").Nil().Op("&&").Add(match("o"))
		}
		if uses(inner, io) {
			body = append(body, jen.Var().Id(io).Op("*").Add(g.goType(it.Node.ValueType())),
				jen.If(jen.Id(old).Op("!=").Nil()).Block(jen.For(jen.Id("j").Op(":=").Range().Op("*").Id(old)).Block(
					jen.If(jen.Id("o").Op(":=").Add(oldAt), oldMatch).Block(
						jen.Id(io).Op("=").Id("o"), jen.Break()))))
		}
		body = append(body, jen.Block(append([]jen.Code{jen.Id("e").Op(":=").Id("e").Index(jen.Op(":").Lit(0).Op(":").Lit(0))},
			append(inner, jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(
				jen.Id("selErrs").Op("=").Append(jen.Id("selErrs"), jen.Qual(pkgGenRT, "PrefixIndex").Call(jen.Id("e"), jen.Id(idx)).Op("..."))))...)...),
			// The first matching item only, as validate.ValSliceItem selects it: a selector names
			// one item, and a list that repeats it has a duplicate the list type reports.
			jen.Break())
		out = append(out, jen.Comment("+k8s:item"), jen.For(jen.Id(idx).Op(":=").Range().Op("*").Id(v)).Block(body...))
	}
	if len(out) == 0 {
		return nil
	}
	out = append([]jen.Code{jen.Var().Id("selErrs").Qual(pkgField, "ErrorList")}, out...)
	return append(out, jen.Id("e").Op("=").Append(jen.Id("e"), jen.Id("selErrs").Op("...")))
}

// untypedLit spells a constant of a tag as an untyped Go constant, which converts to the type
// it is compared with or passed as.
func untypedLit(v any) jen.Code {
	if i, ok := v.(int64); ok {
		return jen.Lit(int(i))
	}
	return jen.Lit(v)
}
