// Package oapicompare compares two sets of kube-openapi definitions (what GetOpenAPIDefinitions
// returns, JSON-decoded) aspect by aspect, for the tests that hold this generator's Go definitions
// against openapi-gen's (test/k8sapi over k8s.io/api, test/openapigen over modules that commit
// openapi-gen's output), and reads the files that list the differences a test allows.
package oapicompare

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"k8s.io/kube-openapi/pkg/util"
)

// Aspects of a schema that are compared. "definition" is a definition present on one side only;
// "items" covers both list items ("path[]") and map values ("path{}").
var Aspects = []string{
	"definition", "type", "format", "items", "properties", "required", "enum", "default", "extensions",
	"description", "validations", "dependencies",
}

// ownExtensions are the extensions this generator writes that openapi-gen does not: they are not
// compared. Every other extension (x-kubernetes-*, and any other x- key) is, whichever side has it.
// x-kubernetes-validations is a validation (below).
var ownExtensions = map[string]bool{"x-kubernetes-strip-zero": true, "x-kubernetes-validations": true}

// Value validations are compared only where openapi-gen emits them: validation-gen publishes
// many more, from its tags, that openapi-gen does not read.
var comparedValidations = []string{
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
	"minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "pattern", "x-kubernetes-validations",
}

// Difference is one disagreement between validation-gen and openapi-gen.
type Difference struct {
	Definition string
	// Path is the place in the definition: property names joined with '.', "[]" for list items,
	// "{}" for map values; "" for the definition itself.
	Path   string
	Aspect string
	// Ours and Theirs say what each side has.
	Ours, Theirs string
}

func (d Difference) String() string {
	where := d.Definition
	if d.Path != "" {
		where += " " + d.Path
	}
	return fmt.Sprintf("%s: %s: validation-gen %s; openapi-gen %s", where, d.Aspect, d.Ours, d.Theirs)
}

// Stats counts what Compare compared.
type Stats struct {
	// Definitions is the number of definitions either side has; Identical those without any
	// difference.
	Definitions, Identical int
	// Schemas is the number of schemas (definitions, properties, items and map values) both sides
	// have; Extensions the number of extensions compared in them (an extension either side has).
	Schemas, Extensions int
}

// Compare compares two sets of definitions ({name: {"Schema": ..., "Dependencies": [...]}}, as
// JSON-decoded), keys and references normalized to model names.
func Compare(ours, theirs map[string]any) ([]Difference, Stats) {
	ours, theirs = normalizeNames(ours), normalizeNames(theirs)
	var diffs []Difference
	var st Stats
	names := map[string]bool{}
	for n := range ours {
		names[n] = true
	}
	for n := range theirs {
		names[n] = true
	}
	for _, n := range sortedKeys(names) {
		st.Definitions++
		o, okO := ours[n].(map[string]any)
		th, okT := theirs[n].(map[string]any)
		switch {
		case !okT:
			diffs = append(diffs, Difference{Definition: n, Aspect: "definition", Ours: "defines it", Theirs: "does not"})
			continue
		case !okO:
			diffs = append(diffs, Difference{Definition: n, Aspect: "definition", Ours: "does not define it", Theirs: "does"})
			continue
		}
		c := &comparer{def: n}
		c.schema("", asMap(o["Schema"]), asMap(th["Schema"]))
		if a, b := stringSet(o["Dependencies"]), stringSet(th["Dependencies"]); !reflect.DeepEqual(a, b) {
			c.add("", "dependencies", setDiff(a, b), setDiff(b, a))
		}
		diffs = append(diffs, c.diffs...)
		st.Schemas += c.schemas
		st.Extensions += c.extensions
		if len(c.diffs) == 0 {
			st.Identical++
		}
	}
	return diffs, st
}

type comparer struct {
	def                 string
	diffs               []Difference
	schemas, extensions int
}

func (c *comparer) add(path, aspect, ours, theirs string) {
	c.diffs = append(c.diffs, Difference{Definition: c.def, Path: path, Aspect: aspect, Ours: ours, Theirs: theirs})
}

// schema compares one schema and, recursively, its properties, items and map values.
func (c *comparer) schema(path string, o, th map[string]any) {
	c.schemas++
	if a, b := typeOf(o), typeOf(th); a != b {
		c.add(path, "type", a, b)
	}
	for _, k := range []string{"format", "description"} {
		if a, b := str(o[k]), str(th[k]); a != b {
			c.add(path, k, show(o[k]), show(th[k]))
		}
	}
	if !reflect.DeepEqual(o["default"], th["default"]) {
		c.add(path, "default", show(o["default"]), show(th["default"]))
	}
	if a, b := jsonSet(o["enum"]), jsonSet(th["enum"]); !reflect.DeepEqual(a, b) {
		c.add(path, "enum", show(o["enum"]), show(th["enum"]))
	}
	if a, b := stringSet(o["required"]), stringSet(th["required"]); !reflect.DeepEqual(a, b) {
		c.add(path, "required", "also requires "+setDiff(a, b), "also requires "+setDiff(b, a))
	}
	for _, k := range extensionKeys(o, th) {
		c.extensions++
		if a, b := normalizeRefs(o[k]), normalizeRefs(th[k]); !reflect.DeepEqual(a, b) {
			c.add(path, "extensions", k+"="+show(a), k+"="+show(b))
		}
	}
	for _, k := range comparedValidations {
		if b, ok := th[k]; ok && !reflect.DeepEqual(o[k], b) {
			c.add(path, "validations", k+"="+show(o[k]), k+"="+show(b))
		}
	}
	c.sub(path+"[]", "items", asMap(o["items"]), asMap(th["items"]))
	c.sub(path+"{}", "items", additional(o), additional(th))
	op, tp := asMap(o["properties"]), asMap(th["properties"])
	onlyO, onlyT := keysOnly(op, tp), keysOnly(tp, op)
	if len(onlyO) > 0 || len(onlyT) > 0 {
		c.add(path, "properties", "also has "+list(onlyO), "also has "+list(onlyT))
	}
	for _, k := range sortedKeys(op) {
		if _, ok := tp[k]; ok {
			p := k
			if path != "" {
				p = path + "." + k
			}
			c.schema(p, asMap(op[k]), asMap(tp[k]))
		}
	}
}

// extensionKeys are the compared extensions either schema has, sorted.
func extensionKeys(o, th map[string]any) []string {
	keys := map[string]bool{}
	for _, m := range []map[string]any{o, th} {
		for k := range m {
			if strings.HasPrefix(k, "x-") && !ownExtensions[k] {
				keys[k] = true
			}
		}
	}
	return sortedKeys(keys)
}

// sub compares the schemas of list items or map values, reporting one that only one side has.
func (c *comparer) sub(path, aspect string, o, th map[string]any) {
	switch {
	case o == nil && th == nil:
	case o == nil || th == nil:
		c.add(strings.TrimSuffix(strings.TrimSuffix(path, "[]"), "{}"), aspect, has(o, path), has(th, path))
	default:
		c.schema(path, o, th)
	}
}

func has(m map[string]any, path string) string {
	what := "items"
	if strings.HasSuffix(path, "{}") {
		what = "additionalProperties"
	}
	if m == nil {
		return "no " + what
	}
	return what + " " + show(m)
}

func additional(s map[string]any) map[string]any {
	switch a := s["additionalProperties"].(type) {
	case map[string]any:
		return a
	case bool:
		if a {
			return map[string]any{}
		}
	}
	return nil
}

// typeOf is the type of a schema: its JSON type(s), or what it references.
func typeOf(s map[string]any) string {
	var parts []string
	switch t := s["type"].(type) {
	case string:
		parts = append(parts, t)
	case []any:
		for _, x := range t {
			parts = append(parts, fmt.Sprint(x))
		}
	}
	if r, ok := s["$ref"].(string); ok {
		parts = append(parts, "$ref "+r)
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if v, ok := s[k]; ok {
			parts = append(parts, k+" "+show(v))
		}
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, ", ")
}

// normalizeNames spells every definition name and reference as a model name: openapi-gen keys
// and references types without an OpenAPIModelName method by Go path
// (k8s.io/apimachinery/pkg/util/intstr.IntOrString), which API servers turn into the same
// REST-friendly name validation-gen uses.
func normalizeNames(defs map[string]any) map[string]any {
	out := make(map[string]any, len(defs))
	for k, v := range defs {
		out[modelName(k)] = normalizeRefs(v)
	}
	return out
}

func normalizeRefs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			if k == "$ref" {
				if s, ok := e.(string); ok {
					e = "#/definitions/" + modelName(strings.TrimPrefix(s, "#/definitions/"))
				}
			}
			if k == "Dependencies" {
				var deps []any
				for _, d := range asSlice(e) {
					deps = append(deps, modelName(fmt.Sprint(d)))
				}
				e = deps
			}
			m[k] = normalizeRefs(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalizeRefs(e)
		}
		return out
	}
	return v
}

func modelName(name string) string {
	if strings.Contains(name, "/") {
		return util.ToRESTFriendlyName(name)
	}
	return name
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// show renders a value briefly for messages.
func show(v any) string {
	if v == nil {
		return "(none)"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(b)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

func stringSet(v any) map[string]bool {
	set := map[string]bool{}
	for _, x := range asSlice(v) {
		set[fmt.Sprint(x)] = true
	}
	return set
}

func jsonSet(v any) map[string]bool {
	set := map[string]bool{}
	for _, x := range asSlice(v) {
		b, _ := json.Marshal(x)
		set[string(b)] = true
	}
	return set
}

// setDiff lists the members of a that b lacks.
func setDiff(a, b map[string]bool) string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	return list(out)
}

func keysOnly(a, b map[string]any) []string {
	var out []string
	for k := range a {
		if _, ok := b[k]; !ok {
			out = append(out, k)
		}
	}
	return out
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "nothing else"
	}
	sort.Strings(xs)
	return strings.Join(xs, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Exact lists the definitions that differ in anything at all but this generator's own
// x-kubernetes-strip-zero (names and references normalized), or that only one side has: for
// inputs where validation-gen must publish exactly what openapi-gen does, where Compare allows
// validation-gen's extra validations.
func Exact(ours, theirs map[string]any) []string {
	ours, theirs = normalizeNames(ours), normalizeNames(theirs)
	names := map[string]bool{}
	for n := range ours {
		names[n] = true
	}
	for n := range theirs {
		names[n] = true
	}
	var out []string
	for _, n := range sortedKeys(names) {
		if !reflect.DeepEqual(withoutStripZero(normalizeRefs(ours[n])), normalizeRefs(theirs[n])) {
			out = append(out, n)
		}
	}
	return out
}

func withoutStripZero(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			if k != "x-kubernetes-strip-zero" {
				m[k] = withoutStripZero(e)
			}
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutStripZero(e)
		}
		return out
	}
	return v
}
