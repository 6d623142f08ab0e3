package validators

import (
	"fmt"
	"go/types"
	"reflect"
	"regexp"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/validation-gen/validation-gen/model"
)

// alwaysPresent reports whether a field can never be unset: a non-pointer struct without
// omitzero, unless it writes its own JSON form, which may be null (nullJSON).
func (g *validatorGen) alwaysPresent(p *model.Property) bool {
	return !p.Node.Pointer && p.Node.Kind == model.KindObject && p.Node.Ref != nil && !p.Node.Ref.Special && !p.OmitZero &&
		g.nullJSON(p.Node, "v") == nil
}

// propAbsent is absent for a field: a non-pointer struct with omitzero is unset at its zero value
// (JSON, and so the API server, does not have it then); other fields as their node says.
func (g *validatorGen) propAbsent(p *model.Property, v string) *jen.Statement {
	n := p.Node
	if null := g.nullJSON(n, v); null != nil && !n.Pointer {
		return null // its zero value writes null too
	}
	if p.OmitZero && !n.Pointer && n.Kind == model.KindObject && n.Ref != nil && !n.Ref.Special {
		if z := g.zeroTest(n, v); z != nil {
			return z
		}
		return jen.Qual(pkgGenRT, "IsZero").Call(jen.Id(v))
	}
	return g.absent(n, v)
}

// goRequired reports whether the generated Go reports a field Required when it is unset: the
// published schema's rule (+required, or neither +optional nor omitempty), or, in a package
// written for Kubernetes' validation-gen, an explicit +required only.
func goRequired(d *model.Definition, p *model.Property) bool {
	if d.Package.UpstreamSemantics() {
		return model.GoFlag(p.Node.V.Required, true) != nil || defaultedOptional(p.Node)
	}
	return p.Required
}

// defaultedOptional reports a +k8s:optional field with a default that the API server always sets,
// so that, as upstream's validation-gen reads it, the field is effectively required: a pointer,
// or a value whose default is not its zero value (a zero default of a value only documents what
// an unset value means).
func defaultedOptional(n *model.Node) bool {
	if model.GoFlag(n.V.Optional, true) == nil || n.V.Default == nil {
		return false
	}
	return n.Pointer || !zeroJSON(n.V.Default.Value)
}

// requiredOrigin is the origin of a field's Required error: its +required tag's, or, for a
// +k8s:optional field with a default that upstream reads as required (defaultedOptional), the
// +k8s:optional tag's, whose stability level (+k8s:beta=+k8s:optional) upstream's
// validate.RequiredPointer carries.
func requiredOrigin(n *model.Node, upstream bool) model.Origin {
	if f := model.GoFlag(n.V.Required, upstream); f != nil || !upstream || !defaultedOptional(n) {
		return flagOrigin(f)
	}
	return flagOrigin(model.GoFlag(n.V.Optional, true))
}

// zeroJSON reports a JSON value that is the zero value of its Go type: null, "", 0, false, [] or {}.
func zeroJSON(v any) bool {
	if v == nil {
		return true
	}
	switch x := reflect.ValueOf(v); x.Kind() {
	case reflect.Slice, reflect.Map:
		return x.Len() == 0
	default:
		return x.IsZero()
	}
}

// property emits the block that validates one field.
//
// A field with +k8s:update checks its update first, as upstream's short-circuiting validator: when
// the transition is forbidden, the field's presence is still checked (every short-circuiting check
// runs) but nothing else about its value is.
func (g *validatorGen) property(d *model.Definition, p *model.Property, transitionsOnly bool) []jen.Code {
	u := p.Node.GoView().V.Update
	if u == nil || transitionsOnly {
		return g.propertyChecks(d, p, transitionsOnly, false)
	}
	body := append(g.updateCheck(p, u), g.propertyChecks(d, p, false, true)...)
	return []jen.Code{jen.Comment(p.Name + ": +k8s:update, then the field unless its update failed"), jen.Block(body...)}
}

// propertyChecks is property without the field's +k8s:update; afterUpdate runs the value's checks
// only when the update check (updateCheck, declaring upd) reported nothing.
func (g *validatorGen) propertyChecks(d *model.Definition, p *model.Property, transitionsOnly, afterUpdate bool) []jen.Code {
	n := p.Node.GoView()
	required := goRequired(d, p)
	upstream := d.Package.UpstreamSemantics()
	// +k8s:optional makes a required field optional, except an optional field with a default.
	optional := model.GoFlag(n.V.Optional, upstream) != nil && !(upstream && defaultedOptional(n))
	// Required errors name the tag, except in upstream's semantics, where they have no origin.
	origin := "required"
	if upstream {
		origin = ""
	}
	forbidden := !transitionsOnly && n.V.Forbidden != nil
	if !transitionsOnly && len(n.V.GatedPresence) > 0 && !model.IsObjectMeta(n.GoType) {
		if block := g.presenceProperty(d, p, required, origin, afterUpdate); block != nil {
			return block
		}
	}
	if !transitionsOnly && !g.nodeCarries(n) && !(required && !g.alwaysPresent(p)) && !forbidden {
		return nil
	}
	if model.IsObjectMeta(n.GoType) && len(n.V.Subfields) == 0 && !(n.Ref != nil && g.validated(n.Ref)) {
		return nil // +nameFormat is checked at the type level; +k8s:subfield reaches into it here
	}
	vt := n.ValueType()
	g.listName = p.Name
	// The field's own +k8s:update is checked above, with the field's presence.
	vn := *n
	vn.V.Update = nil
	shortCircuit, rest := g.valueCheckParts(&vn, "v", "old", 1, transitionsOnly)
	if upstream && !transitionsOnly && len(shortCircuit)+len(rest) > 0 {
		shortCircuit = append(g.noNilItems(n), shortCircuit...)
	}
	// Every short-circuiting check runs, as upstream's do, a failed +k8s:update included; the rest
	// only when none reported.
	var updated *jen.Statement
	if afterUpdate {
		updated = jen.Len(jen.Id("upd")).Op("==").Lit(0)
	}
	checks := joinShortCircuit(shortCircuit, rest, updated)
	absent := g.propAbsent(p, "v")
	requiredCheck := !transitionsOnly && absent != nil && required && !optional
	if forbidden && absent != nil {
		// +k8s:forbidden: a set value is the error, and nothing else about it is checked.
		var set *jen.Statement
		if n.Pointer {
			set = jen.Id("obj").Dot(p.GoName).Op("!=").Nil()
		} else {
			set = jen.Op("!").Parens(g.propAbsent(p, "v"))
		}
		var report jen.Code = jen.Id("errs").Op("=").Append(jen.Id("errs"), marked(g.shortCircuit(jen.Qual(pkgGenRT, "At").Call(
			jen.Qual(pkgField, "Forbidden").Call(jen.Nil(), jen.Lit("")), jen.Lit(p.Name), jen.Lit(""))), n.V.Forbidden.Origin))
		if upstream {
			// Upstream does not check an unchanged value again, a forbidden one included.
			report = jen.If(jen.Op("!").Parens(jen.Id("ratchet").Add(viaSet("oldObj", p.Via)).Op("&&").Id(g.eq.fn(p.Node.GoType)).Call(
				valueOf("obj", p.GoName, false), valueOf("oldObj", p.GoName, false)))).Block(report)
		}
		report = jen.If(set).Block(report)
		if !n.Pointer {
			report = jen.Block(jen.Id("v").Op(":=").Add(valueOf("obj", p.GoName, false)), report)
		}
		if len(p.Via) > 0 {
			report = jen.If(jen.Id("obj").Dot(p.Via[0]).Op("!=").Nil().Add(viaSet("obj", p.Via[1:]))).Block(report)
		}
		return []jen.Code{jen.Comment(p.Name), report}
	}
	if len(checks) == 0 && !requiredCheck {
		return nil // e.g. +required on a struct, which JSON always has: nothing to check
	}
	block := []jen.Code{jen.Id("v").Op(":=").Add(valueOf("obj", p.GoName, n.Pointer))}
	if uses(checks, "old") {
		block = append(block, jen.Var().Id("old").Op("*").Add(g.goType(vt)))
		cond := jen.Id("oldObj").Op("!=").Nil().Add(viaSet("oldObj", p.Via))
		if !n.Pointer {
			// An unset old value (a zero non-pointer) is no old value: nothing to correlate with.
			// In upstream's semantics a zero value is a value like any other.
			if absent := g.propAbsent(p, "&oldObj."+p.GoName); absent != nil && !upstream {
				cond = cond.Op("&&").Op("!").Parens(absent)
			}
		}
		block = append(block, jen.If(cond).Block(jen.Id("old").Op("=").Add(valueOf("oldObj", p.GoName, n.Pointer))))
	}
	apply := jen.If(jen.Len(jen.Id("e")).Op(">").Lit(0)).Block(
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgGenRT, "PrefixChild").Call(jen.Id("e"), jen.Lit(p.Name)).Op("...")))
	present := append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, checks...), apply)
	switch {
	case transitionsOnly || absent == nil:
		if absent != nil {
			block = append(block, jen.If(jen.Op("!").Parens(absent)).Block(present...))
		} else {
			block = append(block, present...)
		}
	case required && !optional:
		var missing jen.Code = jen.Id("errs").Op("=").Append(jen.Id("errs"), marked(g.shortCircuit(jen.Qual(pkgGenRT, "At").Call(
			jen.Qual(pkgField, "Required").Call(jen.Nil(), jen.Lit("")), jen.Lit(p.Name), jen.Lit(origin))), requiredOrigin(n, upstream)))
		if upstream {
			// Upstream does not check an unchanged value again: a field missing before too is not
			// reported again.
			missing = jen.If(jen.Op("!").Parens(jen.Id("ratchet").Op("&&").Add(g.oldUnset(p)))).Block(missing)
		}
		if upstream && n.V.Immutable != nil {
			// Both run, as upstream's short-circuiting checks all do: a cleared immutable value
			// is also a change.
			missing = jen.Block(missing, g.clearedImmutable(n, p))
		}
		required := jen.If(absent).Block(missing)
		if len(checks) > 0 {
			required = required.Else().Block(present...)
		}
		block = append(block, required)
	case upstream && !optional && !n.Pointer:
		// Neither +required nor +optional: upstream checks the value whatever it is, zero included.
		block = append(block, present...)
	case upstream && n.V.Immutable != nil:
		// Upstream's validate.Immutable also reports a value that was set and is now unset.
		block = append(block, jen.If(jen.Op("!").Parens(absent)).Block(present...).Else().Block(g.clearedImmutable(n, p)))
	case upstream && model.GoFlag(n.V.Optional, true) == nil && len(p.Via) == 0 && len(g.fixedResults(n.V.FixedResults, "v", "v", "e")) > 0:
		// A nil pointer, neither +required nor +optional: upstream calls the field's checks with
		// nil, where only those that always fail (+k8s:validateFalse) report; an unchanged nil is
		// not checked again.
		unchanged := jen.Id("ratchet").Op("&&").Id("oldObj").Dot(p.GoName).Op("==").Nil()
		block = append(block, jen.If(jen.Op("!").Parens(absent)).Block(present...).Else().If(jen.Op("!").Parens(unchanged)).Block(
			append(append([]jen.Code{jen.Var().Id("e").Qual(pkgField, "ErrorList")}, g.fixedResults(n.V.FixedResults, "v", "v", "e")...), apply)...))
	default:
		block = append(block, jen.If(jen.Op("!").Parens(absent)).Block(present...))
	}
	if len(p.Via) > 0 {
		// Promoted through an embedded pointer: when it is nil, JSON has none of its fields.
		guard := jen.If(jen.Id("obj").Dot(p.Via[0]).Op("!=").Nil().Add(viaSet("obj", p.Via[1:]))).Block(block...)
		if requiredCheck {
			guard = guard.Else().Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), marked(g.shortCircuit(jen.Qual(pkgGenRT, "At").Call(
				jen.Qual(pkgField, "Required").Call(jen.Nil(), jen.Lit("")), jen.Lit(p.Name), jen.Lit(origin))), requiredOrigin(n, upstream))))
		}
		return []jen.Code{jen.Comment(p.Name), guard}
	}
	return []jen.Code{jen.Comment(p.Name), jen.Block(block...)}
}

// oldUnset is the condition under which the old object (not nil) has field p unset, an embedded
// pointer it is promoted through being nil included.
func (g *validatorGen) oldUnset(p *model.Property) *jen.Statement {
	old := "&oldObj." + p.GoName
	if p.Node.Pointer {
		old = "oldObj." + p.GoName
	}
	cond := g.propAbsent(p, old)
	for i := len(p.Via) - 1; i >= 0; i-- {
		cond = jen.Id("oldObj." + p.Via[i]).Op("==").Nil().Op("||").Add(cond)
	}
	return jen.Parens(cond)
}

// noNilItems is upstream's check of a field that is a list of pointers, one of its
// short-circuiting checks: a nil item is a Required error at the item (apimachinery's
// validate.PtrSliceNoNils, marked ShortCircuit), and then nothing else of the list is checked. Like
// upstream, it runs only when the field has checks, and is ratcheted with the list.
func (g *validatorGen) noNilItems(n *model.Node) []jen.Code {
	if n.Kind != model.KindList || n.Items == nil || !n.Items.Pointer {
		return nil
	}
	changed := jen.Op("!").Parens(jen.Id("ratchet").Op("&&").Id("old").Op("!=").Nil().Op("&&").Id(g.eq.fn(n.ValueType())).Call(jen.Id("v"), jen.Id("old")))
	return []jen.Code{jen.If(jen.Id("nils").Op(":=").Qual(pkgValidate, "PtrSliceNoNils").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Op("*").Id("v"), jen.Nil()),
		changed.Op("&&").Len(jen.Id("nils")).Op(">").Lit(0)).Block(
		jen.Id("e").Op("=").Append(jen.Id("e"), jen.Qual(pkgGenRT, "AtValue").Call(jen.Id("nils").Dot("MarkShortCircuit").Call()).Op("...")))}
}

// valueOf is a pointer to the value of field goName of x: the field itself when it is a pointer
// (pointer), else its address.
func valueOf(x, goName string, pointer bool) *jen.Statement {
	if pointer {
		return jen.Id(x).Dot(goName)
	}
	return jen.Op("&").Id(x).Dot(goName)
}

// viaSet is "&& x.A != nil && x.A.B != nil" for the embedded pointers a field is promoted through.
func viaSet(x string, via []string) *jen.Statement {
	out := jen.Null()
	for _, sel := range via {
		out = out.Op("&&").Id(x + "." + sel).Op("!=").Nil()
	}
	return out
}

// uses reports whether the rendered code refers to the identifier.
func uses(code []jen.Code, ident string) bool {
	return regexp.MustCompile(`\b` + ident + `\b`).MatchString(fmt.Sprintf("%#v", jen.Null().Add(code...)))
}

// absent is the condition under which a present-or-not field counts as unset: nil for pointers,
// the zero value for scalars, slices and maps (KEP-4153 zero-value semantics). It returns nil for
// values that are always present.
func (g *validatorGen) absent(n *model.Node, v string) *jen.Statement {
	if n.Pointer {
		return jen.Id(v).Op("==").Nil()
	}
	switch n.Kind {
	case model.KindString:
		if n.Ref != nil {
			return g.zeroTest(n, v)
		}
		if n.Format == "byte" {
			return jen.Len(deref(v)).Op("==").Lit(0)
		}
		return deref(v).Op("==").Lit("")
	case model.KindInteger, model.KindNumber:
		return deref(v).Op("==").Lit(0)
	case model.KindBoolean:
		return jen.Op("!").Op("*").Id(v)
	case model.KindList, model.KindMap:
		return jen.Len(deref(v)).Op("==").Lit(0)
	case model.KindIntOrString:
		return g.zeroTest(n, v)
	case model.KindAny, model.KindObject:
		return g.nullJSON(n, v)
	}
	return nil
}

// nullJSON tests a value of a type that writes its own JSON form and defines its own schema or
// has no JSON fields (apiextensionsv1.JSON, runtime.RawExtension: free-form JSON) for the form
// null, which such a type writes when it holds nothing: the API server drops a null where the
// schema is not nullable, so the value is unset. nil for other values.
func (g *validatorGen) nullJSON(n *model.Node, v string) *jen.Statement {
	if n.Kind != model.KindAny && n.Kind != model.KindObject || n.Ref == nil || !n.Ref.Special && len(n.Ref.Node.Properties) > 0 ||
		model.Published(n.V).Schema.Nullable != nil {
		return nil
	}
	if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n.ValueType()), true, nil, "MarshalJSON"); obj == nil {
		return nil
	}
	return jen.Qual(pkgGenRT, "NullJSON").Call(jen.Id(v))
}

// zeroTest tests a special value (Time, Quantity, IntOrString) for its zero value.
func (g *validatorGen) zeroTest(n *model.Node, v string) *jen.Statement {
	t := n.ValueType()
	if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "IsZero"); obj != nil {
		if strings.HasPrefix(v, "&") {
			return jen.Parens(jen.Id(v)).Dot("IsZero").Call()
		}
		return jen.Id(v).Dot("IsZero").Call()
	}
	if types.Comparable(t) {
		return deref(v).Op("==").Parens(g.goType(t).Values())
	}
	return nil
}

// deref is the value that pointer expression v points to: *v, or x for v = &x.
func deref(v string) *jen.Statement {
	if x, ok := strings.CutPrefix(v, "&"); ok {
		return jen.Id(x)
	}
	return jen.Op("*").Id(v)
}

func typeIdent(t types.Type) string {
	return regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(types.TypeString(t, func(p *types.Package) string { return p.Name() }), "_")
}
