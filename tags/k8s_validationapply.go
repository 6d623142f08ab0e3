package tags

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// oaTarget is the value one level of kube-openapi's markers is about.
type oaTarget struct {
	V      *model.Validations
	Kind   model.Kind
	GoType types.Type
	// nested is set below the declaration (items:, properties:<name>:, additionalProperties:).
	nested bool
}

// oaApplier maps levels of markers into the model.
type oaApplier struct {
	diags    *model.Diagnostics
	place    Place
	upstream bool
}

// oaScalars are the properties that map onto one of this project's tags, in the order they are
// applied, with that tag.
var oaScalars = []struct{ prop, def string }{
	{"minimum", "minimum"}, {"exclusiveMinimum", "exclusiveMinimum"}, {"maximum", "maximum"},
	{"exclusiveMaximum", "exclusiveMaximum"}, {"multipleOf", "multipleOf"}, {"minLength", "minLength"},
	{"maxLength", "maxLength"}, {"pattern", "pattern"}, {"minItems", "minItems"}, {"maxItems", "maxItems"},
	{"minProperties", "minProperties"}, {"maxProperties", "maxProperties"},
}

// oaNeeds says which values each property applies to, as openapi-gen checks it.
var oaNeeds = map[string]string{
	"maxItems": "array", "minItems": "array", "uniqueItems": "array", "items": "array",
	"maxProperties": "map", "minProperties": "map", "properties": "struct",
	"minLength": "string", "maxLength": "string", "pattern": "string",
	"minimum": "numeric", "maximum": "numeric", "multipleOf": "numeric", "exclusiveMinimum": "numeric", "exclusiveMaximum": "numeric",
}

func (a *oaApplier) origin(prop string, l *oaLine, t oaTarget) model.Origin {
	return model.Origin{Tag: markerPrefix + prop, Pos: l.raw.Pos, Level: a.place.Level, Options: a.place.Options, Nested: t.nested}
}

// level applies one level of markers to its target.
func (a *oaApplier) level(L *oaLevel, t oaTarget) {
	unfit, ok := a.typeCheck(L, t)
	if !ok {
		return
	}
	schemaOnly := func() *model.Validations {
		if t.V.Schema.SchemaOnly == nil {
			t.V.Schema.SchemaOnly = &model.Validations{}
		}
		return t.V.Schema.SchemaOnly
	}
	target := t.V
	if a.upstream && !t.nested {
		target = schemaOnly()
	}
	if mn, mx := L.props["minimum"], L.props["maximum"]; mn.line != nil && mx.line != nil && (L.props["exclusiveMinimum"].line != nil || L.props["exclusiveMaximum"].line != nil) {
		// openapi-gen checks the top level's values only; below it (t.nested) the check stage
		// reports the empty range as a warning, as it does a minimum above the maximum.
		if x, y := number(mn.v), number(mx.v); x == y && !t.nested {
			a.diags.Add(mn.line.raw.Pos, mn.line.raw.Name, "exclusiveMinimum/exclusiveMaximum cannot be set when minimum == maximum; openapi-gen fails on it")
			return
		}
	}
	for _, s := range oaScalars {
		val, ok := L.props[s.prop]
		if !ok {
			continue
		}
		var text string
		switch x := val.v.(type) {
		case bool:
			if !x {
				continue // exclusiveMaximum=false: openapi-gen publishes nothing
			}
		case json.Number:
			text = string(x)
		case string:
			text = x
		}
		v := target
		if unfit[s.prop] {
			v = schemaOnly() // published as openapi-gen publishes it, not checked (see typeCheck)
		}
		a.viaDef(s.def, s.prop, text, val.line, t, v)
	}
	if val, ok := L.props["uniqueItems"]; ok && val.v.(bool) {
		o := a.origin("uniqueItems", val.line, t)
		t.V.Schema.UniqueItems = &model.Flag{Origin: o}
		if lt := t.V.ListType; !a.upstream && !unfit["uniqueItems"] && t.V.Unique == nil && (lt == nil || lt.Value == "atomic") {
			t.V.Unique = &model.String{Value: "set", Origin: o}
		}
	}
	for _, prop := range []string{"format", "enum", "nullable"} {
		if val, ok := L.props[prop]; ok {
			a.diags.Warn(val.line.raw.Pos, val.line.raw.Name, "openapi-gen parses %s here but does not publish it (the schema keeps "+
				"what the Go type says); ignored, as openapi-gen ignores it", prop)
		}
	}
	for i, e := range L.cel {
		a.cel(i, e, L, t)
	}
	a.nested(L, t)
}

// viaDef applies a property through this project's tag for it, as if that tag were written at
// the marker's line: its checks (a bound the Go type cannot hold, a regular expression that does
// not compile) are the marker's.
func (a *oaApplier) viaDef(def, prop, text string, l *oaLine, t oaTarget, v *model.Validations) {
	d := registry[def]
	if v != t.V && v == t.V.Schema.SchemaOnly && !a.upstream {
		// A keyword on a nested value it does not fit: nothing to check.
	} else if scalarKinds(d.Kinds) && !goScalar(t.GoType) && t.Kind != model.KindIntOrString && t.GoType != nil &&
		!(t.Kind == model.KindString && CustomJSON(t.GoType)) {
		a.diags.Add(l.raw.Pos, l.raw.Name, "%s is not supported on Go type %s: its schema is a %s (from its OpenAPISchemaType "+
			"method), but its Go value is not, so generated validators cannot check it; use a cel rule", prop, typeString(t.GoType), t.Kind)
		return
	}
	o := a.origin(prop, l, t)
	off := l.off - (len(l.raw.Text) - len(l.raw.Value))
	if off < 0 || len(l.raw.Value) == 0 {
		off = 0
	} else if l.op == '=' && strings.HasPrefix(l.text, `"`) {
		off++
	}
	c := &Context{Def: d, Raw: l.raw, Value: text, ValueOff: off, Kind: t.Kind, GoType: t.GoType, V: v, Lookup: a.place.Lookup,
		Diags: a.diags, place: a.place, origin: &o}
	if err := d.Apply(c); err != nil {
		report(a.diags, l.raw, err)
	}
}

func number(v any) float64 {
	n, _ := v.(json.Number)
	f, _ := n.Float64()
	return f
}

// typeCheck reports the properties that do not fit the value, as openapi-gen does (ValidateType),
// and whether the level can be applied. A value whose Go type publishes its own schema (a struct
// with OpenAPISchemaType, intstr.IntOrString) is not checked, as openapi-gen does not check it.
// openapi-gen does not check nested levels (items:maxLength on a list of integers) either: there
// a keyword that does not fit is a warning, and unfit holds it, to be published as openapi-gen
// publishes it (the API server ignores it on such values) and not checked by generated validators.
func (a *oaApplier) typeCheck(L *oaLevel, t oaTarget) (unfit map[string]bool, ok bool) {
	unfit = map[string]bool{}
	if t.Kind == model.KindInvalid || goStruct(t.GoType) && t.Kind != model.KindObject {
		return unfit, true
	}
	is := map[string]bool{
		"array": t.Kind == model.KindList, "map": t.Kind == model.KindMap || t.Kind == model.KindObject,
		"struct": t.Kind == model.KindObject || t.Kind == model.KindMap, "string": t.Kind == model.KindString,
		"numeric": t.Kind == model.KindInteger || t.Kind == model.KindNumber,
	}
	words := map[string]string{"array": "array", "map": "map", "struct": "struct", "string": "string", "numeric": "numeric"}
	ok = true
	check := func(prop string, l *oaLine) {
		if need := oaNeeds[prop]; need != "" && !is[need] {
			a.diags.Add(l.raw.Pos, l.raw.Name, "%s can only be used on %s types, not on %s (Go type %s); openapi-gen fails on it",
				prop, words[need], t.Kind, typeString(t.GoType))
			ok = false
		}
	}
	for _, prop := range sortedProps(L.props) {
		if need := oaNeeds[prop]; t.nested && need != "" && !is[need] && L.props[prop].v != false {
			l := L.props[prop].line
			a.diags.Warn(l.raw.Pos, l.raw.Name, "%s applies to %s values, not to %s (Go type %s): openapi-gen publishes it without "+
				"checking nested markers, and the API server ignores it there; published, not checked by generated validators",
				prop, words[need], t.Kind, typeString(t.GoType))
			unfit[prop] = true
			continue
		}
		check(prop, L.props[prop].line)
	}
	if L.items != nil {
		check("items", L.items.line)
	}
	if L.additional != nil {
		if t.Kind != model.KindMap {
			a.diags.Add(L.additional.line.raw.Pos, L.additional.line.raw.Name, "additionalProperties can only be used on map types, "+
				"not on %s (Go type %s); openapi-gen fails on it", t.Kind, typeString(t.GoType))
			ok = false
		}
	}
	if L.properties != nil {
		check("properties", L.properties[sortedLevels(L.properties)[0]].line)
		if ok && t.Kind == model.KindObject {
			for _, name := range sortedLevels(L.properties) {
				if memberJSON(t.GoType, name) == nil {
					l := L.properties[name].line
					a.diags.Add(l.raw.Pos, l.raw.Name, "property %q not found in struct %s; openapi-gen fails on it", name, typeString(t.GoType))
					ok = false
				}
			}
		}
	}
	return unfit, ok
}

// cel applies cel[i] as a rule of the value.
func (a *oaApplier) cel(i int, e *oaCEL, L *oaLevel, t oaTarget) {
	if e == nil {
		l := L.line
		for _, x := range L.cel {
			if x != nil && l == nil {
				l = x.line
			}
		}
		a.diags.Add(l.raw.Pos, l.raw.Name, "cel[%d] is missing (indices count from 0, one after the other); openapi-gen fails on it", i)
		return
	}
	str := func(k string) string { s, _ := e.fields[k].v.(string); return s }
	r := model.Rule{Rule: str("rule"), Message: str("message"), MessageExpression: str("messageExpression"),
		FieldPath: str("fieldPath"), Origin: a.origin("cel", e.line, t), SchemaOnly: a.upstream && !t.nested}
	var problems []string
	if r.Rule == "" {
		problems = append(problems, "rule cannot be empty")
	}
	var lenient string // what openapi-gen accepts below the top level, whose rules it does not check
	switch {
	case r.Message == "" && r.MessageExpression == "":
		lenient = "message or messageExpression must be set"
	case r.Message != "" && r.MessageExpression != "":
		lenient = "message and messageExpression cannot be set at the same time"
	}
	if lenient != "" && !t.nested {
		problems = append(problems, lenient)
	}
	if len(problems) > 0 {
		a.diags.Add(e.line.raw.Pos, e.line.raw.Name, "cel[%d]: %s; openapi-gen fails on it", i, strings.Join(problems, "; "))
		return
	}
	if lenient != "" {
		hint := fmt.Sprintf("the API server reports its default message, \"failed rule: <rule>\"; add a cel[%d]:message", i)
		if r.Message != "" {
			hint = fmt.Sprintf("the API server reports the messageExpression's message (the message when it fails to evaluate), as "+
				"generated validators do; drop one of cel[%d]:message and cel[%[1]d]:messageExpression", i)
		}
		a.diags.Warn(e.line.raw.Pos, e.line.raw.Name, "cel[%d]: %s at the top level, where openapi-gen checks it; below it "+
			"openapi-gen publishes the rule as written, and so does this generator: %s", i, lenient, hint)
	}
	if b, ok := e.fields["optionalOldSelf"].v.(bool); ok {
		r.OptionalOldSelf, r.OptionalOldSelfWritten = b, true
	}
	rl := e.fields["rule"].line
	r.RulePos, r.Lines = rulePositions(rl, r.Rule)
	if ml := e.fields["messageExpression"].line; ml != nil {
		_, r.MessageExpressionLines = rulePositions(ml, r.MessageExpression)
	}
	c := &Context{Raw: rl.raw, Diags: a.diags, place: a.place}
	if err := checkTypographic(c, r.Rule, 0); err != nil {
		report(a.diags, rl.raw, err)
		return
	}
	if reason := str("reason"); reason != "" {
		short, _ := strings.CutPrefix(reason, "FieldValue")
		known := false
		for _, w := range Reasons {
			known = known || short == w
		}
		if known {
			r.Reason = short
		} else {
			// openapi-gen does not check a reason, at any level.
			a.diags.Warn(e.fields["reason"].line.raw.Pos, e.line.raw.Name, "cel[%d]: reason %q is none of FieldValueRequired, "+
				"FieldValueForbidden, FieldValueInvalid, FieldValueDuplicate: openapi-gen publishes it as written, and so does this "+
				"generator's OpenAPI, but the API server refuses it in a CRD, where it is left out, and generated validators report "+
				"the rule's errors as FieldValueInvalid; write one of the four", i, reason)
		}
		if reason != "FieldValue"+r.Reason {
			r.PublishedReason = reason // openapi-gen writes it as given; CRDs spell FieldValue+Reason
		}
	}
	if r.FieldPath != "" && !fieldPathPattern.MatchString(r.FieldPath) {
		a.diags.Add(e.fields["fieldPath"].line.raw.Pos, e.line.raw.Name, "cel[%d]: fieldPath %q is not a path such as .spec.replicas "+
			"or .items['key']", i, r.FieldPath)
		return
	}
	t.V.Rules = append(t.V.Rules, r)
}

// rulePositions places a string value's lines in the source, for CEL diagnostics: each line of a
// > value, or a double-quoted value written without escapes.
func rulePositions(l *oaLine, value string) (pos token.Position, lines []token.Position) {
	pos = at(l.raw, l.off)
	switch {
	case l.op == '>':
		for _, x := range append([]*oaLine{l}, l.cont...) {
			lines = append(lines, at(x.raw, x.off))
		}
		if len(lines) != strings.Count(value, "\n")+1 {
			lines = nil
		}
	case l.op == '=' && strconv.Quote(value) == l.text:
		pos = at(l.raw, l.off+1)
		lines = []token.Position{pos}
	}
	return pos, lines
}

// nested applies items:, additionalProperties: and properties:<name>: to the value's elements and
// fields: published in the value's allOf, checked by generated validators at the element (see
// the builder), or at the field of the struct (as a +k8s:subfield would be).
func (a *oaApplier) nested(L *oaLevel, t oaTarget) {
	if L.items == nil && L.additional == nil && L.properties == nil {
		return
	}
	first := L.items
	if first == nil {
		first = L.additional
	}
	if first == nil {
		first = L.properties[sortedLevels(L.properties)[0]]
	}
	all := &model.NestedValidations{SchemaOnly: a.upstream, Origin: a.origin("items", first.line, t)}
	all.Origin.Tag = first.line.raw.Name
	t.V.Schema.AllOf = all
	elem := func(L *oaLevel) *model.Validations {
		v := &model.Validations{}
		et := elemType(t.GoType)
		kind := model.KindInvalid
		if a.place.KindOf != nil && et != nil {
			kind = a.place.KindOf(et)
		} else if et != nil {
			_, kind = elemOf(t.GoType)
		}
		a.level(L, oaTarget{V: v, Kind: kind, GoType: et, nested: true})
		return v
	}
	if L.items != nil {
		all.Items = elem(L.items)
	}
	if L.additional != nil {
		all.AdditionalProperties = elem(L.additional)
	}
	for _, name := range sortedLevels(L.properties) {
		PL := L.properties[name]
		v := &model.Validations{}
		all.Properties = append(all.Properties, model.NamedValidations{Name: name, V: v})
		if t.Kind != model.KindObject {
			et := elemType(t.GoType)
			kind := model.KindInvalid
			if a.place.KindOf != nil && et != nil {
				kind = a.place.KindOf(et)
			}
			a.level(PL, oaTarget{V: v, Kind: kind, GoType: et, nested: true})
			a.diags.Warn(PL.line.raw.Pos, PL.line.raw.Name, "properties:%s of a map is published (in allOf, as openapi-gen "+
				"writes it) but generated validators do not check it", name)
			continue
		}
		f := memberJSON(t.GoType, name)
		kind := model.KindInvalid
		if a.place.KindOf != nil {
			kind = a.place.KindOf(f.Type())
		}
		a.level(PL, oaTarget{V: v, Kind: kind, GoType: f.Type(), nested: true})
		if a.upstream {
			continue
		}
		if jsonField(t.GoType, name) == nil {
			a.diags.Warn(PL.line.raw.Pos, PL.line.raw.Name, "properties:%s names a field promoted from an embedded struct: "+
				"published (in allOf, as openapi-gen writes it) but generated validators do not check it", name)
			continue
		}
		o := a.origin("properties:"+name, PL.line, t)
		o.Nested = true
		t.V.Subfields = append(t.V.Subfields, &model.Subfield{Name: name, GoName: f.Name(), GoType: f.Type(), V: v, Origin: o})
	}
}

// memberJSON finds the field of a struct whose JSON name is name, through embedded structs, as
// openapi-gen finds a properties:<name> marker's field.
func memberJSON(t types.Type, name string) *types.Var {
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		tag, _, _ := strings.Cut(reflect.StructTag(s.Tag(i)).Get("json"), ",")
		if tag == name {
			return f
		}
		if f.Embedded() && tag == "" {
			if m := memberJSON(f.Type(), name); m != nil {
				return m
			}
		}
	}
	return nil
}

func sortedProps(m map[string]oaValue) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedLevels(m map[string]*oaLevel) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
