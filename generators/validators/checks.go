package validators

import (
	"fmt"
	"go/types"
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/model"
)

// ownChecks emits the value checks of a node that do not descend: limits, pattern, format, enum,
// list and map sizes and uniqueness.
func (g *validatorGen) ownChecks(n *model.Node, v string, depth int) []jen.Code {
	var out []jen.Code
	val := jen.Op("*").Id(v)
	add := func(cond *jen.Statement, errExpr jen.Code, origin string, o model.Origin) {
		out = append(out, gated(o, jen.If(cond).Block(jen.Id("e").Op("=").Append(jen.Id("e"),
			marked(jen.Qual(pkgGenRT, "At").Call(errExpr, jen.Lit(""), jen.Lit(origin)), o)))))
	}
	V := &n.V
	if t := V.Schema.Type; (n.Kind == model.KindString || t != nil && t.Value == "string") && !goString(n.ValueType()) {
		// A value that marshals itself as a string (metav1.Duration, a struct with MarshalJSON and
		// +kubebuilder:validation:Type=string): its string keywords apply to its JSON form, what
		// the API server sees.
		return g.jsonStringChecks(n, v, depth)
	}
	switch n.Kind {
	case model.KindInteger, model.KindNumber:
		for _, m := range V.Minimum {
			op, word := "<", "greater than or equal to"
			if m.Exclusive {
				op, word = "<=", "greater than"
			}
			add(jen.Op("*").Id(v).Op(op).Add(numLit(m.Text)), jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(), jen.Lit("must be "+word+" "+m.Text)), "minimum", m.Origin)
		}
		for _, m := range V.Maximum {
			op, word := ">", "less than or equal to"
			if m.Exclusive {
				op, word = ">=", "less than"
			}
			add(jen.Op("*").Id(v).Op(op).Add(numLit(m.Text)), jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(), jen.Lit("must be "+word+" "+m.Text)), "maximum", m.Origin)
		}
		for _, m := range V.MultipleOf {
			var cond *jen.Statement
			if n.Kind == model.KindInteger && m.Value == float64(int64(m.Value)) {
				cond = jen.Op("*").Id(v).Op("%").Add(numLit(m.Text)).Op("!=").Lit(0)
			} else {
				cond = jen.Op("!").Qual(pkgGenRT, "IsMultipleOf").Call(jen.Float64().Call(jen.Op("*").Id(v)), jen.Lit(m.Value))
			}
			add(cond, jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(), jen.Lit("must be a multiple of "+m.Text)), "multipleOf", m.Origin)
		}
		out = append(out, g.enumCheck(n, v)...)
	case model.KindString:
		str := jen.String().Call(jen.Op("*").Id(v))
		if n.Format == "byte" {
			// []byte: JSON spells it in base64 (encoding/json's padded standard encoding), and the
			// API server checks maxLength and minLength on that string, as controller-gen and
			// openapi-gen publish them: the encoded length counts.
			encoded := jen.Qual(pkgBase64, "StdEncoding").Dot("EncodedLen").Call(jen.Len(jen.Op("*").Id(v)))
			for _, m := range V.MaxLength {
				add(encoded.Clone().Op(">").Lit(int(m.Value)), jen.Qual(pkgField, "TooLong").Call(jen.Nil(), jen.Lit(""), jen.Lit(int(m.Value))), "maxLength", m.Origin)
			}
			for _, m := range V.MinLength {
				add(encoded.Clone().Op("<").Lit(int(m.Value)), jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(),
					jen.Lit(fmt.Sprintf("must be at least %d characters long in base64", m.Value))), "minLength", m.Origin)
			}
			break
		}
		for _, m := range V.MaxLength {
			add(jen.Len(jen.Op("*").Id(v)).Op(">").Lit(int(m.Value)).Op("&&").Qual(pkgUTF8, "RuneCountInString").Call(str.Clone()).Op(">").Lit(int(m.Value)),
				jen.Qual(pkgField, "TooLongCharacters").Call(jen.Nil(), val.Clone(), jen.Lit(int(m.Value))), "maxLength", m.Origin)
		}
		for _, m := range V.MinLength {
			add(jen.Len(jen.Op("*").Id(v)).Op("<").Lit(int(m.Value)*4).Op("&&").Qual(pkgUTF8, "RuneCountInString").Call(str.Clone()).Op("<").Lit(int(m.Value)),
				jen.Qual(pkgField, "TooShort").Call(jen.Nil(), val.Clone(), jen.Lit(int(m.Value))), "minLength", m.Origin)
		}
		if V.Pattern != nil {
			re := g.unique("re_" + g.pkg.Name)
			g.vars = append(g.vars, jen.Var().Id(re).Op("=").Qual(pkgGenRT, "MustMatcher").Call(jen.Lit(V.Pattern.Value)))
			add(jen.Op("!").Id(re).Dot("MatchString").Call(str.Clone()),
				jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(), jen.Lit("must match the regular expression '"+V.Pattern.Value+"'")), "pattern", V.Pattern.Origin)
		}
		if V.Format != nil {
			f, _ := formats.Lookup(V.Format.Name)
			if f.Upstream != "" && g.pkg.UpstreamSemantics() {
				// Upstream's errors, from the apimachinery function its validation-gen calls (one
				// per reason, each with its bad value), once the fast check (if any) failed.
				var check jen.Code = jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "AtValue").Call(
					jen.Qual(pkgValidate, f.Upstream).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(v), jen.Nil())), V.Format.Origin).Op("..."))
				if f.Fast != "" {
					check = jen.If(jen.Op("!").Qual(pkgGenRT, f.Fast).Call(str.Clone())).Block(check)
				}
				out = append(out, gated(V.Format.Origin, check))
			} else {
				if max, ok := g.formatMaxLength(V); ok {
					// The maximum length a CRD publishes with the format's rule: longer values
					// are TooLong, as the API server reports them.
					add(jen.Len(jen.Op("*").Id(v)).Op(">").Lit(int(max)).Op("&&").Qual(pkgUTF8, "RuneCountInString").Call(str.Clone()).Op(">").Lit(int(max)),
						jen.Qual(pkgField, "TooLongCharacters").Call(jen.Nil(), val.Clone(), jen.Lit(int(max))), "format="+f.Name, V.Format.Origin)
				}
				call := jen.Qual(pkgGenRT, "StandardFormat").Call(jen.Lit(f.Name), str.Clone())
				if f.Go != "" {
					call = jen.Qual(pkgGenRT, f.Go).Call(str.Clone())
				}
				// One Invalid per failed format, its reasons joined: the API server reports a
				// failed format (or its fallback pattern or rule) as one error.
				out = append(out, gated(V.Format.Origin, jen.If(jen.Id("msgs").Op(":=").Add(call), jen.Len(jen.Id("msgs")).Op("!=").Lit(0)).Block(
					jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "At").Call(
						jen.Qual(pkgField, "Invalid").Call(jen.Nil(), val.Clone(), jen.Qual(pkgGenRT, "JoinReasons").Call(jen.Id("msgs"))), jen.Lit(""), jen.Lit("format="+f.Name)), V.Format.Origin)))))
			}
		}
		out = append(out, g.enumCheck(n, v)...)
	case model.KindBoolean:
		out = append(out, g.enumCheck(n, v)...)
	case model.KindIntOrString:
		// The string keywords check the string values of an intstr.IntOrString, as the API
		// server applies them to string values only.
		if (len(V.MinLength)+len(V.MaxLength) > 0 || V.Pattern != nil) && model.IsIntOrString(n.GoType) { // else refused by check
			s := *n
			s.Kind, s.Ref, s.Format, s.Enum, s.GoType = model.KindString, nil, "", nil, types.Typ[types.String]
			s.V = model.Validations{MinLength: V.MinLength, MaxLength: V.MaxLength, Pattern: V.Pattern}
			sv := v + "Str"
			checks := append([]jen.Code{jen.Id(sv).Op(":=").Op("&").Id(v).Dot("StrVal")}, g.ownChecks(&s, sv, depth)...)
			out = append(out, jen.If(jen.Id(v).Dot("Type").Op("==").Qual(model.IntOrStringPath, "String")).Block(checks...))
		}
		if (len(V.MinLength)+len(V.MaxLength) > 0 || V.Pattern != nil) && model.IsQuantity(n.GoType) {
			// A Quantity is always a string in JSON, its canonical form: what the API server
			// checks the string keywords against.
			s := *n
			s.Kind, s.Ref, s.Format, s.Enum, s.GoType = model.KindString, nil, "", nil, types.Typ[types.String]
			s.V = model.Validations{MinLength: V.MinLength, MaxLength: V.MaxLength, Pattern: V.Pattern}
			sv := v + "Str"
			checks := append([]jen.Code{jen.Id(sv + "v").Op(":=").Id(v).Dot("String").Call(), jen.Id(sv).Op(":=").Op("&").Id(sv + "v")},
				g.ownChecks(&s, sv, depth)...)
			out = append(out, jen.Block(checks...))
		}
	case model.KindList:
		if typ := g.nullItemType(n); typ != "" {
			fn := "NullItems"
			switch nilItems(n) {
			case "map":
				fn = "NullMapItems"
			case "slice":
				fn = "NullSliceItems"
			}
			out = append(out, jen.Comment("a nil item is null in JSON, which the API server rejects"),
				jen.Id("e").Op("=").Append(jen.Id("e"), jen.Qual(pkgGenRT, fn).Call(jen.Op("*").Id(v), jen.Lit(typ)).Op("...")))
		}
		out = append(out, g.sizeLimits(n, v)...)
		for _, m := range V.MinItems {
			add(jen.Len(jen.Op("*").Id(v)).Op("<").Lit(int(m.Value)), jen.Qual(pkgField, "TooFew").Call(jen.Nil(), jen.Len(jen.Op("*").Id(v)), jen.Lit(int(m.Value))), "minItems", m.Origin)
		}
	case model.KindObject:
		if g.rawObject(n) {
			out = append(out, jen.Comment("its schema is an object: the API server rejects any other JSON it writes"),
				jen.If(jen.Id("t").Op(":=").Qual(pkgGenRT, "NotObjectJSON").Call(jen.Id(v)), jen.Id("t").Op("!=").Lit("")).Block(
					jen.Id("e").Op("=").Append(jen.Id("e"), jen.Qual(pkgGenRT, "At").Call(
						jen.Qual(pkgField, "TypeInvalid").Call(jen.Nil(), jen.Nil(), jen.Lit("must be of type object: \"").Op("+").Id("t").Op("+").Lit("\"")),
						jen.Lit(""), jen.Lit("")))))
		}
		if len(V.MaxProperties)+len(V.MinProperties) > 0 {
			out = append(out, g.propertyCount(n, v)...)
			for _, m := range V.MaxProperties {
				add(jen.Id("count").Op(">").Lit(int(m.Value)), g.shortCircuit(jen.Qual(pkgField, "TooMany").Call(jen.Nil(), jen.Id("count"), jen.Lit(int(m.Value)))), "maxProperties", m.Origin)
			}
			for _, m := range V.MinProperties {
				add(jen.Id("count").Op("<").Lit(int(m.Value)), jen.Qual(pkgGenRT, "TooFewProperties").Call(jen.Id("count"), jen.Lit(int(m.Value))), "minProperties", m.Origin)
			}
		}
	case model.KindMap:
		out = append(out, g.sizeLimits(n, v)...)
		for _, m := range V.MinProperties {
			add(jen.Len(jen.Op("*").Id(v)).Op("<").Lit(int(m.Value)), jen.Qual(pkgGenRT, "TooFewProperties").Call(jen.Len(jen.Op("*").Id(v)), jen.Lit(int(m.Value))), "minProperties", m.Origin)
		}
	}
	return out
}

// nullItemType is the JSON type the API server requires of the items of a list of pointers, where a
// nil item (null in JSON) is an error: the items' schema has a type, and is neither nullable nor
// defaulted (the server would put the default in place of null). "" when a nil item is fine, and
// in upstream's semantics, whose validators follow handwritten validation of Go values.
func (g *validatorGen) nullItemType(n *model.Node) string {
	if g.pkg.UpstreamSemantics() || n.Kind != model.KindList || n.Items == nil || !n.Items.Pointer && nilItems(n) == "" {
		return ""
	}
	it := model.Effective(n.Items)
	v := model.Published(it.V)
	if v.Schema.Nullable != nil || v.Default != nil || v.Schema.Schemaless != nil {
		return ""
	}
	if v.Schema.Type != nil {
		return v.Schema.Type.Value
	}
	switch it.Kind {
	case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean:
		return it.Kind.String()
	case model.KindObject, model.KindMap:
		return "object"
	case model.KindList:
		return "array"
	}
	return ""
}

// rawObject reports a value published as an object with preserved content that writes its own
// JSON form from raw bytes, runtime.RawExtension (a struct without JSON fields and with
// MarshalJSON, of schema type object): its raw value may be any JSON, which the API server
// rejects unless it is an object (or null). Not under upstream's semantics, nor where a type
// override, Schemaless or nullable changes the published schema.
func (g *validatorGen) rawObject(n *model.Node) bool {
	if g.pkg.UpstreamSemantics() || n.Kind != model.KindObject || n.Ref == nil || len(n.Ref.Node.Properties) > 0 || len(n.Properties) > 0 {
		return false
	}
	pub := model.Published(n.V)
	if pub.Schema.Type != nil || pub.Schema.Schemaless != nil || pub.Schema.Nullable != nil {
		return false
	}
	if t := n.Ref.Node.V.Schema; t.Type != nil || t.Schemaless != nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n.ValueType()), true, nil, "MarshalJSON")
	return obj != nil
}

// nilItems says whether the items of a list that are no pointers may be nil all the same, and so
// null in JSON: "map" for maps, "slice" for slices ([]byte too), "" otherwise (kro's
// []ForEachDimension, a named map type).
func nilItems(n *model.Node) string {
	if n.Items == nil || n.Items.Pointer {
		return ""
	}
	switch n.Items.ValueType().Underlying().(type) {
	case *types.Map:
		return "map"
	case *types.Slice:
		return "slice"
	}
	return ""
}

// formatMaxLength is the maximum length that a CRD publishes with a +format it spells as a CEL
// rule (schema's format): the format's own, when the published value has no maximum length as
// tight. ok is false when the CRD publishes none.
func (g *validatorGen) formatMaxLength(V *model.Validations) (max int64, ok bool) {
	pub := model.Published(*V)
	f, _ := formats.Lookup(V.Format.Name)
	if pub.Format == nil || f.MaxLength == 0 || !f.PublishedAsRule(g.opts.Compat, g.opts.FormatFallback, pub.Pattern != nil) {
		return 0, false
	}
	if own := model.TightestInt(pub.MaxLength, model.MinInt); own != nil && *own <= f.MaxLength {
		return 0, false
	}
	return f.MaxLength, true
}

// sizeLimits are the checks of +maxItems on a list and +maxProperties on a map. In upstream's
// semantics they short-circuit (valueChecks runs them first): an oversized list or map is
// reported, and none of its items is validated, which bounds the work hostile input causes.
func (g *validatorGen) sizeLimits(n *model.Node, v string) []jen.Code {
	var out []jen.Code
	tooMany := func(m model.Int, origin string) {
		out = append(out, gated(m.Origin, jen.If(jen.Len(jen.Op("*").Id(v)).Op(">").Lit(int(m.Value))).Block(jen.Id("e").Op("=").Append(jen.Id("e"),
			marked(jen.Qual(pkgGenRT, "At").Call(g.shortCircuit(jen.Qual(pkgField, "TooMany").Call(jen.Nil(), jen.Len(jen.Op("*").Id(v)),
				jen.Lit(int(m.Value)))), jen.Lit(""), jen.Lit(origin)), m.Origin)))))
	}
	switch n.Kind {
	case model.KindList:
		for _, m := range n.V.MaxItems {
			tooMany(m, "maxItems")
		}
	case model.KindMap:
		for _, m := range n.V.MaxProperties {
			tooMany(m, "maxProperties")
		}
	}
	return out
}

// shortCircuitList is shortCircuit for the ErrorList of one of apimachinery's validate functions.
func (g *validatorGen) shortCircuitList(l *jen.Statement) *jen.Statement {
	if !g.pkg.UpstreamSemantics() {
		return l
	}
	return l.Dot("MarkShortCircuit").Call()
}

func numLit(text string) jen.Code { return jen.Op(text) }

// goString reports whether a Go type's values are Go strings or []byte (what string(*v) reads).
func goString(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := types.Unalias(u.Elem()).(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// jsonStringChecks checks the string keywords of a value whose JSON is a string of its own making
// (a struct with MarshalJSON, schema type overridden to string) on that string.
func (g *validatorGen) jsonStringChecks(n *model.Node, v string, depth int) []jen.Code {
	V := &n.V
	if len(V.MinLength)+len(V.MaxLength) == 0 && V.Pattern == nil {
		return nil
	}
	s := *n
	s.Kind, s.Ref, s.Format, s.Enum, s.GoType = model.KindString, nil, "", nil, types.Typ[types.String]
	s.V = model.Validations{MinLength: V.MinLength, MaxLength: V.MaxLength, Pattern: V.Pattern}
	sv := v + "JSON"
	checks := append([]jen.Code{jen.Id(sv).Op(":=").Op("&").Id(sv + "Str")}, g.ownChecks(&s, sv, depth)...)
	return []jen.Code{jen.If(jen.List(jen.Id(sv+"Str"), jen.Id("ok")).Op(":=").Qual(pkgGenRT, "JSONString").Call(jen.Id(v)), jen.Id("ok")).Block(checks...)}
}

// propertyCount declares count, the number of a struct's fields that its JSON has (a nil pointer
// and an omitempty zero value are left out), for +minProperties / +maxProperties on a struct.
func (g *validatorGen) propertyCount(n *model.Node, v string) []jen.Code {
	props := model.Effective(n).Properties
	out := []jen.Code{jen.Id("count").Op(":=").Lit(0)}
	for _, p := range props {
		f := "(" + v + ")." + p.GoName
		var present *jen.Statement
		switch {
		case p.Node.Pointer:
			present = jen.Id(v).Dot(p.GoName).Op("!=").Nil()
		case !p.OmitEmpty:
		default:
			if absent := g.propAbsent(p, "&"+f); absent != nil {
				present = jen.Op("!").Parens(absent)
			}
		}
		if len(p.Via) > 0 { // promoted through embedded pointers, which must be set
			cond := jen.Id(v).Dot(p.Via[0]).Op("!=").Nil().Add(viaSet(v, p.Via[1:]))
			if present != nil {
				cond = cond.Op("&&").Parens(present)
			}
			present = cond
		}
		if present == nil {
			out = append(out, jen.Id("count").Op("++"))
			continue
		}
		out = append(out, jen.If(present).Block(jen.Id("count").Op("++")))
	}
	return out
}

// shortCircuits reports whether a value has a +k8s:validateFalse marked ShortCircuit outside any
// cohort: it always fails, so none of the value's other checks ever runs.
func shortCircuits(rs []model.FixedResult) bool {
	for _, r := range rs {
		if r.ShortCircuit && !r.Pass && r.Cohort == "" && len(r.Options) == 0 {
			return true
		}
	}
	return false
}

// fixedResults emits the test-only +k8s:validateFalse checks of a value as upstream's
// validate.FixedResult calls, appending to target (+k8s:validateTrue never reports anything).
// A failing ShortCircuit check stops the other checks of its cohort (of the value, outside
// cohorts), which statically means they are not emitted.
func (g *validatorGen) fixedResults(rs []model.FixedResult, v, old, target string) []jen.Code {
	stopped := map[string]bool{}
	for _, r := range rs {
		if r.ShortCircuit && !r.Pass && len(r.Options) == 0 {
			stopped[r.Cohort] = true
		}
	}
	var out []jen.Code
	for _, r := range rs {
		if r.Pass || stopped[r.Cohort] && !r.ShortCircuit || stopped[""] && r.Cohort != "" {
			continue
		}
		call := jen.Qual(pkgValidate, "FixedResult").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(v), jen.Id(old), jen.False(), jen.Lit(r.Message))
		if r.ShortCircuit {
			call = call.Dot("MarkShortCircuit").Call()
		}
		call = marked(jen.Qual(pkgGenRT, "AtValue").Call(gatedExpr(r.Origin, call)), r.Origin)
		out = append(out, jen.Id(target).Op("=").Append(jen.Id(target), call.Op("...")))
	}
	return out
}

// customFunc names a hand-written validator (+k8s:customValidation): unqualified in the package
// that declares it, qualified where the validators of its types are generated into another
// package (apps/v1's validators of core/v1's PodSpec call those of pkg/apis/core/v1, as
// upstream's do).
func (g *validatorGen) customFunc(c model.LibCall) *jen.Statement {
	if c.Pkg == "" || c.Pkg == g.out.Path {
		return jen.Id(c.Func)
	}
	return jen.Qual(c.Pkg, c.Func)
}

// libCalls emits the checks done by apimachinery's validate library (+k8s:neq, +k8s:maxBytes, ...).
func (g *validatorGen) libCalls(n *model.Node, calls []model.LibCall, v, old string) []jen.Code {
	var out []jen.Code
	for _, c := range calls {
		args := []jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(v), jen.Id(old)}
		if c.Custom {
			// A hand-written validator of this package (+k8s:customValidation), given the value's
			// nilable form as upstream's generated code gives it.
			if !n.Pointer && (n.Kind == model.KindList || n.Kind == model.KindMap) {
				args = []jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Op("*").Id(v), jen.Qual(pkgGenRT, "Value").Call(jen.Id(old))}
			}
			out = append(out, jen.Id("e").Op("=").Append(jen.Id("e"),
				marked(jen.Qual(pkgGenRT, "AtValue").Call(gatedExpr(c.Origin, g.customFunc(c).Call(args...))), c.Origin).Op("...")))
			continue
		}
		for _, a := range c.Args {
			if i, ok := a.(int64); ok {
				a = int(i) // an untyped constant, converted to the value's type by the call
			}
			args = append(args, jen.Lit(a))
		}
		out = append(out, jen.Id("e").Op("=").Append(jen.Id("e"),
			marked(jen.Qual(pkgGenRT, "AtValue").Call(gatedExpr(c.Origin, jen.Qual(pkgValidate, c.Func).Call(args...))), c.Origin).Op("...")))
	}
	return out
}

// updateCheck emits +k8s:update: on update, when the field changed, apimachinery's validate
// function for its kind reports the forbidden transitions (errors at the field). It declares upd,
// the check's errors, which decide whether the field's other checks run (joinShortCircuit).
func (g *validatorGen) updateCheck(p *model.Property, u *model.UpdateRule) []jen.Code {
	args := []jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Nil(), valueOf("obj", p.GoName, p.Node.Pointer), valueOf("oldObj", p.GoName, p.Node.Pointer)}
	switch u.Func {
	case "ValSliceUpdate", "PtrSliceUpdate", "UpdateMap":
		args = []jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("obj").Dot(p.GoName), jen.Id("oldObj").Dot(p.GoName)}
		if u.Func != "UpdateMap" {
			args = append(args, g.itemMatch(p.Node))
		}
	}
	args = append(args, updateConstraints(u)...)
	changed := jen.Id("oldObj").Op("!=").Nil().Add(viaSet("obj", p.Via)).Add(viaSet("oldObj", p.Via)).Op("&&").Op("!").Id(g.eq.fn(p.Node.GoType)).Call(
		valueOf("obj", p.GoName, false), valueOf("oldObj", p.GoName, false))
	return []jen.Code{
		jen.Var().Id("upd").Qual(pkgField, "ErrorList"),
		jen.If(changed).Block(
			jen.Id("upd").Op("=").Add(marked(jen.Qual(pkgGenRT, "AtValue").Call(gatedExpr(u.Origin, g.shortCircuitList(jen.Qual(pkgValidate, u.Func).Call(args...)))), u.Origin)),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgGenRT, "PrefixChild").Call(jen.Id("upd"), jen.Lit(p.Name)).Op("..."))),
	}
}

// updateConstraints are the validate.UpdateConstraint arguments of +k8s:update.
func updateConstraints(u *model.UpdateRule) []jen.Code {
	var out []jen.Code
	for _, c := range u.Constraints {
		out = append(out, jen.Qual(pkgValidate, c))
	}
	return out
}

// itemMatch is the MatchFunc that pairs a list's items with the old list's for +k8s:update's
// NoAddItem / NoRemoveItem: by the keys of a list map, else by value.
func (g *validatorGen) itemMatch(n *model.Node) jen.Code {
	n = model.UniqueView(n) // +k8s:unique=map: matched by its keys too
	item := n.Items
	t := g.goType(item.ValueType())
	if keys := g.mapKeys(n); g.listTypeIs(n, "map") && len(keys) > 0 {
		var cond *jen.Statement
		for _, k := range keys {
			for _, p := range model.Effective(item).Properties {
				if p.Name != k.Value {
					continue
				}
				c := jen.Id("a").Dot(p.GoName).Op("==").Id("b").Dot(p.GoName)
				if p.Node.Pointer {
					c = jen.Qual(pkgValidate, "SemanticDeepEqual").Call(jen.Id("a").Dot(p.GoName), jen.Id("b").Dot(p.GoName))
				}
				if cond == nil {
					cond = c
				} else {
					cond = cond.Op("&&").Add(c)
				}
			}
		}
		if cond != nil {
			return jen.Func().Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Add(t)).Bool().Block(jen.Return(cond))
		}
	}
	return jen.Qual(pkgValidate, "SemanticDeepEqual").Types(jen.Op("*").Add(t))
}

// enumCheck checks a value against its enum: strings, integers (compared as int64), numbers
// (as float64) and booleans. Listed values of another JSON type never match (a marker can list
// 1 for a string field), so they are left out of the switch; with none left, every value fails.
func (g *validatorGen) enumCheck(n *model.Node, v string) []jen.Code {
	V := &n.V
	enum := model.GoFlag(V.Enum, g.pkg.UpstreamSemantics())
	if len(n.Enum) == 0 && V.Enum == nil || V.Enum != nil && enum == nil {
		// In a package written for Kubernetes' validation-gen, openapi-gen's +enum checks nothing.
		return nil
	}
	subject := jen.Op("*").Id(v)
	switch n.Kind {
	case model.KindInteger:
		subject = jen.Int64().Call(subject)
	case model.KindNumber:
		subject = jen.Float64().Call(subject)
	case model.KindBoolean:
		subject = jen.Bool().Call(subject)
	}
	if excluding(n.Enum) && n.Kind == model.KindString {
		return []jen.Code{gated(g.enumOrigin(V), g.enumExcluding(n, v))}
	}
	if p, t := n.PlaceV, n.TypeV; p != nil && t != nil && len(p.Schema.Enums) > 0 && len(t.Schema.Enums) > 0 && V.Enum == nil {
		// The field's and its named type's +kubebuilder:validation:Enum: controller-gen publishes
		// allOf: [{the type's enum}, {the field's}], and the API server reports a value that fails
		// both twice, once with each list (once when the lists are the same: the errors are
		// equal). So do the generated validators.
		tv, pv := model.EnumIntersection(t.Schema.Enums), model.EnumIntersection(p.Schema.Enums)
		if fmt.Sprint(tv) != fmt.Sprint(pv) {
			var out []jen.Code
			for _, vals := range [][]any{tv, pv} {
				side := *n
				side.PlaceV, side.TypeV, side.Enum = nil, nil, nil
				for _, x := range vals {
					side.Enum = append(side.Enum, model.EnumValue{Value: x})
				}
				out = append(out, g.enumCheck(&side, v)...)
			}
			return out
		}
	}
	var cases, names []jen.Code
	for _, ev := range n.Enum {
		var lit jen.Code
		switch x := ev.Value.(type) {
		case string:
			if n.Kind == model.KindString {
				lit = jen.Lit(x)
			}
		case int64:
			if n.Kind == model.KindInteger || n.Kind == model.KindNumber {
				lit = numLit(fmt.Sprint(x))
			}
		case float64:
			if n.Kind == model.KindNumber || n.Kind == model.KindInteger && x == float64(int64(x)) {
				lit = numLit(strconv.FormatFloat(x, 'g', -1, 64))
				if n.Kind == model.KindInteger {
					lit = numLit(fmt.Sprint(int64(x)))
				}
			}
		case bool:
			if n.Kind == model.KindBoolean {
				lit = jen.Lit(x)
			}
		}
		names = append(names, jen.Lit(fmt.Sprint(ev.Value)))
		if lit != nil {
			cases = append(cases, lit)
		}
	}
	fail := jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "At").Call(
		jen.Qual(pkgField, "NotSupported").Call(jen.Nil(), jen.Op("*").Id(v), jen.Index().String().Values(names...)), jen.Lit(""), jen.Lit(g.upstreamOr("enum"))), g.enumOrigin(V)))
	if len(cases) == 0 {
		// No listed value has the field's JSON type, or (upstream's semantics only) an enum
		// type without constants: no value is supported.
		return []jen.Code{gated(g.enumOrigin(V), fail)}
	}
	return []jen.Code{gated(g.enumOrigin(V), jen.Switch(subject).Block(jen.Case(cases...), jen.Default().Block(fail)))}
}

// excluding reports whether an enum has values excluded under an option (+k8s:enumExclude).
func excluding(vals []model.EnumValue) bool {
	for _, ev := range vals {
		if len(ev.Exclusions) > 0 {
			return true
		}
	}
	return false
}

// enumExcluding checks a value against an enum with values excluded under options, with
// apimachinery's validate.Enum as upstream's generated code does: a value excluded by an option's
// state is not supported, nor listed as supported; an undefined option is an internal error. The
// values and the exclusion rules are package variables, in upstream's order (rules by constant
// name, then ifDisabled before ifEnabled, then option), which decides which undefined option is
// reported.
func (g *validatorGen) enumExcluding(n *model.Node, v string) jen.Code {
	t := n.ValueType()
	vals := append([]model.EnumValue(nil), n.Enum...)
	sort.SliceStable(vals, func(i, j int) bool { return vals[i].Const < vals[j].Const })
	var syms, rules []jen.Code
	for _, ev := range vals {
		syms = append(syms, jen.Lit(ev.Value))
		ex := append([]model.OptionGate(nil), ev.Exclusions...)
		sort.SliceStable(ex, func(i, j int) bool {
			if ex[i].Enabled != ex[j].Enabled {
				return !ex[i].Enabled
			}
			return ex[i].Name < ex[j].Name
		})
		for _, o := range ex {
			rules = append(rules, jen.Line().Values(jen.Id("Value").Op(":").Lit(ev.Value), jen.Id("ExcludeWhen").Op(":").Lit(o.Enabled),
				jen.Id("Option").Op(":").Lit(o.Name)))
		}
	}
	decl := jen.List(jen.Qual(pkgSets, "New").Types(g.goType(t)).Call(syms...),
		jen.Index().Qual(pkgValidate, "EnumExclusion").Types(g.goType(t)).Values(append(rules, jen.Line())...))
	key := fmt.Sprintf("enumExclusions:%#v", decl)
	name, ok := g.memo[key]
	if !ok {
		name = g.unique("enum_" + typeIdent(t))
		g.memo[key] = name
		g.vars = append(g.vars, jen.Commentf("%s and %s_exclusions are the values of enum %s and their exclusions (+k8s:enumExclude).",
			name, name, typeIdent(t)).Line().Var().List(jen.Id(name), jen.Id(name+"_exclusions")).Op("=").Add(decl))
	}
	call := jen.Qual(pkgValidate, "Enum").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id(v), jen.Nil(), jen.Id(name), jen.Id(name+"_exclusions"))
	var at *jen.Statement
	if o := g.upstreamOr("enum"); o != "" {
		at = jen.Qual(pkgGenRT, "AtValueOrigin").Call(call, jen.Lit(o))
	} else {
		at = jen.Qual(pkgGenRT, "AtValue").Call(call)
	}
	return jen.Id("e").Op("=").Append(jen.Id("e"), marked(at, g.enumOrigin(&n.V)).Op("..."))
}

// marked adds the stability level of the tag that declared a check (+k8s:alpha, +k8s:beta) to the
// errors of an expression: MarkAlpha / MarkBeta, methods of both *field.Error and field.ErrorList.
func marked(e *jen.Statement, o model.Origin) *jen.Statement {
	if o.Level == "" {
		return e
	}
	return e.Dot("Mark" + o.Level).Call()
}

// flagOrigin is the origin of an optional flag (the zero origin when it is not set).
func flagOrigin(f *model.Flag) model.Origin {
	if f == nil {
		return model.Origin{}
	}
	return f.Origin
}

// enumOrigin is the origin of an enum's check (its +k8s: declaration in upstream's semantics).
func (g *validatorGen) enumOrigin(v *model.Validations) model.Origin {
	return flagOrigin(model.GoFlag(v.Enum, g.pkg.UpstreamSemantics()))
}

// gated makes a check statement (one that appends to e) run only under the validation options its
// tag is gated on (+k8s:ifEnabled, +k8s:ifDisabled), through apimachinery's validate.IfOption as
// upstream's generated code does: an option the operation does not define is an internal error.
func gated(o model.Origin, stmt jen.Code) jen.Code {
	for i := len(o.Options) - 1; i >= 0; i-- {
		fn := optionFunc(o.Options[i]).Params(jen.Id("e").Qual(pkgField, "ErrorList")).Block(stmt, jen.Return())
		stmt = jen.Id("e").Op("=").Append(jen.Id("e"), marked(jen.Qual(pkgGenRT, "AtValue").Call(
			ifOption(o.Options[i], fn)), o).Op("..."))
	}
	return stmt
}

// gatedExpr is gated for an expression of type field.ErrorList.
func gatedExpr(o model.Origin, expr *jen.Statement) *jen.Statement {
	for i := len(o.Options) - 1; i >= 0; i-- {
		expr = ifOption(o.Options[i], optionFunc(o.Options[i]).Qual(pkgField, "ErrorList").Block(jen.Return(expr)))
	}
	return expr
}

// optionFunc starts the validator function validate.IfOption calls (its value and old value are
// unused: the check reads the values it closes over).
func optionFunc(model.OptionGate) *jen.Statement {
	return jen.Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("_").Op("*").Qual(pkgField, "Path"), jen.List(jen.Id("_"), jen.Id("_")).Id("any"))
}

// ifOption gates fn on an option with validate.IfOption; a gate carried to this value from the
// value it was written at (Hops > 0) with genruntime.IfOptionDefined, which does not report an
// undefined option again (payloadGates reported it there).
func ifOption(opt model.OptionGate, fn jen.Code) *jen.Statement {
	gate := jen.Qual(pkgValidate, "IfOption")
	if opt.Hops > 0 {
		gate = jen.Qual(pkgGenRT, "IfOptionDefined")
	}
	return gate.Types(jen.Id("any")).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Nil(), jen.Nil(),
		jen.Lit(opt.Name), jen.Lit(opt.Enabled), fn)
}

// payloadGates reports, once at the value, an undefined option that gates a tag carrying other
// tags to its elements (+k8s:ifEnabled(F)=+k8s:eachVal=...), as upstream's validate.IfOption
// around the whole list does; the carried checks do not report it again (ifOption).
func payloadGates(v *model.Validations) []jen.Code {
	var out []jen.Code
	for _, o := range v.PayloadGates {
		out = append(out, gated(o, jen.Null()))
	}
	return out
}

// upstreamOr is the origin of an error whose apimachinery validate function (validate.Enum,
// validate.Unique) sets none: none in upstream's semantics, else origin.
func (g *validatorGen) upstreamOr(origin string) string {
	if g.pkg.UpstreamSemantics() {
		return ""
	}
	return origin
}
