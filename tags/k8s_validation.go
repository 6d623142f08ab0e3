package tags

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// kube-openapi's marker dialect: +k8s:validation:<property>=<JSON value>, which openapi-gen reads
// into the schemas of struct types and fields (+k8s:validation:maxLength=128,
// +k8s:validation:cel[0]:rule="self == oldSelf", +k8s:validation:items:pattern>^[a-z]+$). The
// lines of one declaration are read together (k8s_validationsyntax.go), then mapped into the
// model through this project's own definitions (+maxLength, +pattern, ...) where there is one, so
// that the published schema is what openapi-gen writes and generated validators check what it
// says, as they check this project's tags: except in a package written for Kubernetes'
// validation-gen, whose Go reads the +k8s: validation-gen tags only (as upstream's does), where
// they are published and not checked in Go (SchemaTags.SchemaOnly, Rule.SchemaOnly).
//
// openapi-gen reads these markers at fields and struct types, and fails on a value or a property
// that does not fit the value's type; it parses format, enum and nullable but does not publish
// them, so they are ignored here, with a warning. +k8s:validation:Required and
// +k8s:validation:internal are no properties of it (it skips them): they stay on the allow-list.

func init() {
	var params []Param
	for _, k := range sortedKeys(oaProps) {
		params = append(params, Param{Key: k, Arg: Arg{Kind: ArgJSON, Doc: oaKindDoc[oaProps[k]]}, Doc: oaPropDoc[k]})
	}
	Register(&Def{
		Name: "k8s:validation", Scopes: ScopeType | ScopeField, Repeatable: true,
		Value:  Arg{Kind: ArgJSON, Doc: "<property>=<JSON value>, <property>>text, or <property> for true"},
		Params: params,
		Doc: "kube-openapi's markers, read as openapi-gen reads them: +k8s:validation:maxLength=128, " +
			"+k8s:validation:cel[0]:rule>self == oldSelf with +k8s:validation:cel[0]:message=\"immutable\", " +
			"+k8s:validation:items:pattern=\"^[a-z]+$\". Values are JSON; key>text is a string, continued by the " +
			"same key on the next lines; [i] indexes cel rules. On fields and struct types; what openapi-gen " +
			"refuses (a string keyword on a number) is an error. Generated validators check them as the " +
			"equivalent tags of this project, except in +k8s:validation-gen packages (published only).",
		OpenAPI: "what openapi-gen writes: the keyword; cel as x-kubernetes-validations; items:, properties:<name>: " +
			"and additionalProperties: as allOf: [{items: ...}] (in CRDs, whose structural schemas allow no rules there, " +
			"items: and additionalProperties: at the items and values); format, enum and nullable: nothing (openapi-gen does " +
			"not publish them)",
		Example: `+k8s:validation:cel[0]:rule="self == oldSelf"`,
		Apply: func(c *Context) error {
			// +k8s:validation:<property> lines are read by applyOpenAPIMarkers; this is +k8s:validation=...
			return c.Errorf("names no property: write +k8s:validation:<property>=<JSON value>, e.g. +k8s:validation:maxLength=10")
		},
	})
}

var oaKindDoc = map[string]string{
	"bool": "true or false; none is true", "string": "a JSON string, or >text", "number": "a JSON number",
	"int": "a JSON integer", "array": "a JSON list", "level": "followed by :<property>, or a JSON object",
	"levels": "followed by :<name>:<property>, or a JSON object", "cel": "[i]:<field>, or a JSON list of rules",
}

var oaPropDoc = map[string]string{
	"nullable": "parsed; not published by openapi-gen, ignored", "format": "parsed; not published by openapi-gen, ignored",
	"enum": "parsed; not published by openapi-gen, ignored", "maximum": "a number, as +maximum",
	"minimum": "a number, as +minimum", "exclusiveMaximum": "true, as +exclusiveMaximum (false: nothing)",
	"exclusiveMinimum": "true, as +exclusiveMinimum (false: nothing)", "maxLength": "an integer, as +maxLength",
	"minLength": "an integer, as +minLength", "pattern": "a string, as +pattern", "maxItems": "an integer, as +maxItems",
	"minItems": "an integer, as +minItems", "uniqueItems": "true: uniqueItems (checked as +k8s:unique=set)",
	"multipleOf": "a number, as +multipleOf", "maxProperties": "an integer, as +maxProperties",
	"minProperties": "an integer, as +minProperties", "items": "items:<property>: the list's items",
	"properties":           "properties:<name>:<property>: a field of the struct (a key of the map)",
	"additionalProperties": "additionalProperties:<property>: the map's values",
	"cel":                  "cel[i]:rule, message, messageExpression, reason, fieldPath, optionalOldSelf: a CEL rule, as +validationRule",
}

// oaValue is one property's value and the line that gave it.
type oaValue struct {
	v    any
	line *oaLine
}

// oaCEL is one cel[i] entry.
type oaCEL struct {
	fields map[string]oaValue
	line   *oaLine
}

// oaLevel is what the markers say at one level: the value they are written on, or its items,
// values or properties (items:, additionalProperties:, properties:<name>:).
type oaLevel struct {
	props      map[string]oaValue
	cel        []*oaCEL
	items      *oaLevel
	additional *oaLevel
	properties map[string]*oaLevel
	line       *oaLine // where the level is first named
}

func newLevel(l *oaLine) *oaLevel { return &oaLevel{props: map[string]oaValue{}, line: l} }

// oaReader reads a declaration's entries into levels.
type oaReader struct {
	diags *model.Diagnostics
}

func (rd *oaReader) errorf(l *oaLine, format string, args ...any) {
	rd.diags.Add(at(l.raw, l.off), l.raw.Name, format, args...)
}

func (rd *oaReader) warnf(l *oaLine, format string, args ...any) {
	rd.diags.Warn(l.raw.Pos, l.raw.Name, format, args...)
}

var oaRef = regexp.MustCompile(`^ref\([^"]+\)$`)

// read turns the entries into the root level.
func (rd *oaReader) read(entries []*oaEntry) *oaLevel {
	root := newLevel(nil)
	for _, e := range entries {
		l := e.line
		if e.key == "" {
			rd.errorf(l, "an empty key; openapi-gen fails on it")
			continue
		}
		first := strings.FieldsFunc(e.key, func(r rune) bool { return r == ':' || r == '[' })
		if len(first) == 0 {
			rd.errorf(l, "no property in %q; openapi-gen fails on it", e.key)
			continue
		}
		if _, ok := oaProps[first[0]]; !ok {
			if allowed[markerPrefix+e.key] {
				continue // +k8s:validation:Required, +k8s:validation:internal
			}
			msg := fmt.Sprintf("%q is no property openapi-gen reads, so it ignores the marker; ignored", first[0])
			if s := closest(first[0], sortedKeys(oaProps)); s != "" {
				msg += fmt.Sprintf("; did you mean +%s%s?", markerPrefix, s)
			}
			rd.warnf(l, "%s", msg)
			continue
		}
		var v any
		switch {
		case e.json == "":
			v = true
		case oaRef.MatchString(e.json):
			rd.warnf(l, "openapi-gen skips a ref(...) value in these markers; ignored")
			continue
		default:
			dec := json.NewDecoder(strings.NewReader(e.json))
			dec.UseNumber()
			if err := dec.Decode(&v); err != nil || dec.More() {
				if err == nil {
					err = fmt.Errorf("text after the value")
				}
				rd.errorf(l, "value %s is not JSON (%v); openapi-gen fails on it (write strings in double quotes, or use %s>text)", e.json, err, e.key)
				continue
			}
		}
		l.cont = e.lines
		if len(l.cont) > 0 {
			l.cont = l.cont[1:]
		}
		rd.put(root, strings.Split(e.key, ":"), v, l, true)
	}
	return root
}

// put sets the value of the property path segs at level.
func (rd *oaReader) put(level *oaLevel, segs []string, v any, l *oaLine, exact bool) {
	name, index, indexed, err := subscript(segs[0])
	if err != nil {
		return // reported by readMarkerLines
	}
	if !indexed {
		name = segs[0]
	}
	prop, ok := name, false
	if exact {
		_, ok = oaProps[name]
	} else {
		prop, ok = foldKey(name, oaProps)
	}
	if !ok {
		rd.warnf(l, "%q is no property openapi-gen reads (it ignores it); ignored", name)
		return
	}
	rest := segs[1:]
	kind := oaProps[prop]
	if indexed && kind != "cel" {
		rd.errorf(l, "%s takes no index; openapi-gen fails on it", prop)
		return
	}
	switch kind {
	case "level":
		child := &level.items
		if prop == "additionalProperties" {
			child = &level.additional
		}
		if *child == nil {
			*child = newLevel(l)
		}
		if len(rest) == 0 {
			rd.object(*child, v, l)
			return
		}
		rd.put(*child, rest, v, l, false)
	case "levels":
		if len(rest) == 0 {
			m, ok := v.(map[string]any)
			if !ok {
				rd.errorf(l, "properties takes an object of properties; openapi-gen fails on it")
				return
			}
			for _, k := range sortedAny(m) {
				rd.object(level.property(k, l), m[k], l)
			}
			return
		}
		child := level.property(rest[0], l)
		if len(rest) == 1 {
			rd.object(child, v, l)
			return
		}
		rd.put(child, rest[1:], v, l, false)
	case "cel":
		if !indexed {
			list, ok := v.([]any)
			if !ok || len(rest) > 0 {
				rd.errorf(l, "cel takes an index (cel[0]:rule=...) or a JSON list of rules; openapi-gen fails on it")
				return
			}
			for i, x := range list {
				m, ok := x.(map[string]any)
				if !ok {
					rd.errorf(l, "cel[%d] is not a JSON object; openapi-gen fails on it", i)
					continue
				}
				e := level.celAt(i, l)
				for _, k := range sortedAny(m) {
					rd.celField(e, k, m[k], l)
				}
			}
			return
		}
		e := level.celAt(index, l)
		switch len(rest) {
		case 0: // cel[0] alone sets nothing
		case 1:
			rd.celField(e, rest[0], v, l)
		default:
			rd.errorf(l, "cel[%d]:%s has no nested keys; openapi-gen fails on it", index, rest[0])
		}
	default:
		if len(rest) > 0 {
			rd.errorf(l, "%s takes a value, not nested keys; openapi-gen fails on it", prop)
			return
		}
		if prev, dup := level.props[prop]; dup {
			rd.errorf(l, "%s is given twice (first at line %d)", prop, prev.line.raw.Pos.Line)
			return
		}
		if x, ok := rd.typed(prop, kind, v, l); ok {
			level.props[prop] = oaValue{x, l}
		}
	}
}

// object sets the properties of a JSON object at level, as openapi-gen decodes it.
func (rd *oaReader) object(level *oaLevel, v any, l *oaLine) {
	m, ok := v.(map[string]any)
	if !ok {
		rd.errorf(l, "takes a JSON object of properties here; openapi-gen fails on it")
		return
	}
	for _, k := range sortedAny(m) {
		rd.put(level, []string{k}, m[k], l, false)
	}
}

func (rd *oaReader) celField(e *oaCEL, key string, v any, l *oaLine) {
	f, ok := foldKey(key, oaCELProps)
	if !ok {
		msg := fmt.Sprintf("%q is no field of a cel rule openapi-gen reads (it ignores it); ignored", key)
		if s := closest(key, sortedKeys(oaCELProps)); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		rd.warnf(l, "%s", msg)
		return
	}
	if x, ok := rd.typed(f, oaCELProps[f], v, l); ok {
		e.fields[f] = oaValue{x, l}
	}
}

func (l *oaLevel) property(name string, line *oaLine) *oaLevel {
	if l.properties == nil {
		l.properties = map[string]*oaLevel{}
	}
	if l.properties[name] == nil {
		l.properties[name] = newLevel(line)
	}
	return l.properties[name]
}

func (l *oaLevel) celAt(i int, line *oaLine) *oaCEL {
	for len(l.cel) <= i {
		l.cel = append(l.cel, nil)
	}
	if l.cel[i] == nil {
		l.cel[i] = &oaCEL{fields: map[string]oaValue{}, line: line}
	}
	return l.cel[i]
}

// typed checks a JSON value against the kind of value a property takes, as openapi-gen's decoding
// does: a json.Number stays one (its text is the bound's spelling), an int must be an integer.
func (rd *oaReader) typed(prop, kind string, v any, l *oaLine) (any, bool) {
	bad := func(want string) (any, bool) {
		rd.errorf(l, "%s takes %s, not %s; openapi-gen fails on it", prop, want, jsonWhat(v))
		return nil, false
	}
	switch kind {
	case "bool":
		if _, ok := v.(bool); !ok {
			return bad("true or false")
		}
	case "string":
		if _, ok := v.(string); !ok {
			return bad("a JSON string")
		}
	case "number":
		n, ok := v.(json.Number)
		if !ok {
			return bad("a number")
		}
		if _, err := n.Float64(); err != nil {
			return bad("a number")
		}
	case "int":
		n, ok := v.(json.Number)
		if !ok {
			return bad("an integer")
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil {
			return bad("an integer")
		}
		if i < 0 {
			rd.errorf(l, "%s cannot be negative; openapi-gen fails on it", prop)
			return nil, false
		}
	case "array":
		if _, ok := v.([]any); !ok {
			return bad("a JSON list")
		}
	}
	return v, true
}

func jsonWhat(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case json.Number:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func sortedAny(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// applyOpenAPIMarkers reads the +k8s:validation: markers of one declaration and applies them to
// the place, as openapi-gen applies them to the declaration's schema.
func applyOpenAPIMarkers(raws []*Raw, p Place, diags *model.Diagnostics) {
	if p.Scope != ScopeField && p.Scope != ScopeType || p.Chained || p.V == nil {
		diags.Warn(raws[0].Pos, raws[0].Name, "openapi-gen reads +%s markers on fields and struct types only; ignored", markerPrefix)
		return
	}
	if p.Scope == ScopeType && !goStruct(p.GoType) {
		// openapi-gen writes no definition for a type that is no struct, and reads the markers
		// of a field's own comment only.
		for _, r := range raws {
			if !allowed[r.Name] {
				diags.Warn(r.Pos, r.Name, "openapi-gen reads +%s markers on fields and struct types, not on a type that is "+
					"no struct (Go type %s), and ignores them here; ignored: write them on the fields of this type", markerPrefix, typeString(p.GoType))
			}
		}
		return
	}
	rd := &oaReader{diags: diags}
	root := rd.read(readMarkerLines(raws, func(pos token.Position, name, msg string) { diags.Add(pos, name, "%s", msg) }))
	upstream := p.Lookup != nil && p.Lookup.Upstream()
	a := &oaApplier{diags: diags, place: p, upstream: upstream}
	a.level(root, oaTarget{V: p.V, Kind: p.Kind, GoType: p.GoType})
}

// goStruct reports whether a Go type is a struct, through pointers and aliases.
func goStruct(t types.Type) bool {
	for t != nil {
		if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
			t = ptr.Elem()
			continue
		}
		_, ok := t.Underlying().(*types.Struct)
		return ok
	}
	return false
}
