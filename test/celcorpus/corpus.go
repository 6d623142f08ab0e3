// Package celcorpus turns the x-kubernetes-validations of published CRDs into tagged Go types, so
// that validation-gen can compile a real project's CEL rules: each schema node carrying rules (a
// "place") becomes a Go type of the shape the schema describes, with the rules as +validationRule
// tags and the size limits that bound their cost (+maxLength, +maxItems, +maxProperties), and the
// list and map semantics that type self (+listType, +listMapKey).
//
// The test (corpus_test.go) measures how many of the rules compile to Go (--cel-report) and runs
// the differential test of compiled and interpreted rules over them.
package celcorpus

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Place is one schema node with rules, and where it sits.
type Place struct {
	Where  string // file, CRD version and path, for reports
	Schema apiextv1.JSONSchemaProps
	Root   bool // the schema of the whole resource (self has apiVersion, kind and metadata)
}

// Places walks a CRD version's schema and returns the nodes carrying rules.
func Places(where string, s *apiextv1.JSONSchemaProps) []Place {
	var out []Place
	var walk func(path string, s *apiextv1.JSONSchemaProps)
	walk = func(path string, s *apiextv1.JSONSchemaProps) {
		if len(s.XValidations) > 0 {
			out = append(out, Place{Where: where + " " + path, Schema: *s, Root: path == ""})
		}
		for _, k := range sortedKeys(s.Properties) {
			p := s.Properties[k]
			walk(path+"."+k, &p)
		}
		if s.Items != nil && s.Items.Schema != nil {
			walk(path+"[*]", s.Items.Schema)
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			walk(path+"{*}", s.AdditionalProperties.Schema)
		}
	}
	walk("", s)
	return out
}

func sortedKeys(m map[string]apiextv1.JSONSchemaProps) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Writer writes the Go types of places into one package.
type Writer struct {
	b     strings.Builder
	n     int
	Rules int // rules written
	// Skipped counts places that have no Go shape here, by reason.
	Skipped map[string]int
}

type unsupported string

// Add writes the types of one place as a kind P<n>: its spec holds the place's value and carries
// the place's rules and limits (nested rules are left to their own places), or, for a resource
// root, P<n> is the resource, with the rules on the type. Kinds let the API server's CRD
// validation judge the rules too (internal/celdiff).
func (w *Writer) Add(p Place) (err error) {
	defer func() {
		if x := recover(); x != nil {
			u, ok := x.(unsupported)
			if !ok {
				panic(x)
			}
			if w.Skipped == nil {
				w.Skipped = map[string]int{}
			}
			w.Skipped[string(u)]++
			err = fmt.Errorf("%s: %s", p.Where, u)
		}
	}()
	w.n++
	var types strings.Builder
	name := fmt.Sprintf("P%d", w.n)
	var rules []string
	for _, r := range p.Schema.XValidations {
		rules = append(rules, ruleTag(r))
	}
	if p.Root {
		// The resource: apiVersion, kind and metadata are metav1's; the other properties its own.
		s := p.Schema
		s.XValidations = nil
		props := map[string]apiextv1.JSONSchemaProps{}
		for k, v := range s.Properties {
			if k != "apiVersion" && k != "kind" && k != "metadata" {
				props[k] = v
			}
		}
		s.Properties = props
		body := structFields(&types, name, &s)
		fmt.Fprintf(&w.b, "// %s is %s.\n//\n", name, p.Where)
		for _, t := range rules {
			fmt.Fprintf(&w.b, "// %s\n", t)
		}
		fmt.Fprintf(&w.b, "type %s struct {\n\t%s\n\n%s}\n\n%s", name, meta, body, types.String())
		w.Rules += len(p.Schema.XValidations)
		return nil
	}
	typ := goType(&types, name+"V", &p.Schema)
	tags := append(limits(&p.Schema), rules...)
	fmt.Fprintf(&w.b, "// %s holds %s.\ntype %s struct {\n\t%s\n\n", name, p.Where, name, meta)
	field := "\tSpec %s `json:\"spec\"`\n"
	if typ != name+"V" {
		// A value that is not an object is optional: its zero value ("", 0, an empty list) is
		// then a value the rules see, as in the server, not a required field left unset.
		tags = append([]string{"+optional"}, tags...)
		if !strings.HasPrefix(typ, "[]") && !strings.HasPrefix(typ, "map[") {
			typ = "*" + typ
		}
		field = "\tSpec %s `json:\"spec,omitempty\"`\n"
	}
	for _, t := range tags {
		fmt.Fprintf(&w.b, "\t// %s\n", t)
	}
	fmt.Fprintf(&w.b, field+"}\n\n%s", typ, types.String())
	w.Rules += len(p.Schema.XValidations)
	return nil
}

// meta are the fields that make a struct a kind.
const meta = "metav1.TypeMeta   `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`"

// Source is the package's Go source: package v1 of group corpus.example.com, so that its kinds
// get CRDs.
func (w *Writer) Source() string {
	imports := []string{`metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"`}
	if strings.Contains(w.b.String(), "intstr.") {
		imports = append(imports, `"k8s.io/apimachinery/pkg/util/intstr"`)
	}
	if strings.Contains(w.b.String(), "runtime.RawExtension") {
		imports = append(imports, `"k8s.io/apimachinery/pkg/runtime"`)
	}
	return "// Package v1 holds Go types for the CEL rules of published CRDs (generated by test/celcorpus).\n//\n// +groupName=corpus.example.com\npackage v1\n\nimport (\n\t" +
		strings.Join(imports, "\n\t") + "\n)\n\n" + w.b.String()
}

func ruleTag(r apiextv1.ValidationRule) string {
	rule := strings.Join(strings.Fields(r.Rule), " ") // line breaks and runs of blanks: whitespace to CEL
	if strings.Contains(rule, "`") {
		panic(unsupported("a rule with a back-quote"))
	}
	tag := "+validationRule=`" + rule + "`"
	if r.Message != "" {
		tag += ",message=" + strconv.Quote(plain(r.Message))
	}
	if r.MessageExpression != "" {
		me := strings.Join(strings.Fields(r.MessageExpression), " ")
		if strings.Contains(me, "`") {
			panic(unsupported("a messageExpression with a back-quote"))
		}
		tag += ",messageExpression=`" + me + "`"
	}
	if r.Reason != nil {
		tag += ",reason=" + strings.TrimPrefix(string(*r.Reason), "FieldValue")
	}
	if r.FieldPath != "" {
		tag += ",field=" + strconv.Quote(strings.TrimPrefix(r.FieldPath, "."))
	}
	if r.OptionalOldSelf != nil && *r.OptionalOldSelf {
		tag += ",optionalOldSelf"
	}
	return tag
}

// plain replaces typographic quotes, which tags refuse, and line breaks in messages.
func plain(s string) string {
	return strings.NewReplacer("‘", "'", "’", "'", "“", `"`, "”", `"`, "\n", " ").Replace(s)
}

func limits(s *apiextv1.JSONSchemaProps) []string {
	var out []string
	switch s.Format {
	case "date-time", "date", "duration", "byte":
		out = append(out, "+format="+s.Format) // what CEL reads the string as
	}
	if s.MaxLength != nil {
		out = append(out, fmt.Sprintf("+maxLength=%d", *s.MaxLength))
	}
	if s.MaxItems != nil {
		out = append(out, fmt.Sprintf("+maxItems=%d", *s.MaxItems))
	}
	if s.MaxProperties != nil {
		out = append(out, fmt.Sprintf("+maxProperties=%d", *s.MaxProperties))
	}
	if s.Items != nil && s.Items.Schema != nil {
		// Limits of scalar items (object items carry theirs on their fields).
		if it := s.Items.Schema; it.Type == "string" {
			if it.MaxLength != nil {
				out = append(out, fmt.Sprintf("+kubebuilder:validation:items:MaxLength=%d", *it.MaxLength))
			}
			switch it.Format {
			case "date-time", "date", "duration":
				out = append(out, "+kubebuilder:validation:items:Format="+it.Format)
			}
		}
	}
	if s.XListType != nil {
		out = append(out, "+listType="+*s.XListType)
		for _, k := range s.XListMapKeys {
			out = append(out, "+listMapKey="+k)
		}
	}
	return out
}

// goType returns the Go type of s, declaring the structs it needs (named name and below) in b.
func goType(b *strings.Builder, name string, s *apiextv1.JSONSchemaProps) string {
	if s.XIntOrString {
		return "intstr.IntOrString"
	}
	if s.XEmbeddedResource {
		panic(unsupported("a schema embedding a resource"))
	}
	if s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields {
		if len(s.Properties) > 0 || s.AdditionalProperties != nil {
			panic(unsupported("an object with properties that preserves unknown fields"))
		}
		return "runtime.RawExtension" // free-form JSON: type object, x-kubernetes-preserve-unknown-fields
	}
	switch s.Type {
	case "string":
		if s.Format == "byte" {
			return "[]byte"
		}
		return "string"
	case "integer":
		if s.Format == "int32" {
			return "int32"
		}
		return "int64"
	case "boolean":
		return "bool"
	case "number":
		return "float64"
	case "array":
		if s.Items == nil || s.Items.Schema == nil {
			panic(unsupported("an array without items"))
		}
		return "[]" + goType(b, name+"Item", s.Items.Schema)
	case "object":
		if len(s.Properties) == 0 {
			if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
				return "map[string]" + goType(b, name+"Value", s.AdditionalProperties.Schema)
			}
			// No property is kept: the API server prunes every field of such an object.
			fmt.Fprintf(b, "type %s struct{}\n\n", name)
			return name
		}
		fmt.Fprintf(b, "type %s struct {\n%s}\n\n", name, structFields(b, name, s))
		return name
	}
	panic(unsupported("a schema of type " + strconv.Quote(s.Type)))
}

// structFields are the Go fields of an object's properties, declaring the types they need in b.
func structFields(b *strings.Builder, name string, s *apiextv1.JSONSchemaProps) string {
	var fields strings.Builder
	var nested strings.Builder
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	used := map[string]bool{"TypeMeta": true, "ObjectMeta": true}
	for _, k := range sortedKeys(s.Properties) {
		p := s.Properties[k]
		f := fieldName(k, used)
		t := goType(&nested, name+f, &p)
		for _, l := range limits(&p) {
			fmt.Fprintf(&fields, "\t// %s\n", l)
		}
		if p.Default != nil && len(p.Default.Raw) > 0 {
			fmt.Fprintf(&fields, "\t// +default=%s\n", p.Default.Raw)
		}
		if required[k] {
			fmt.Fprintf(&fields, "\t%s %s `json:%q`\n", f, t, k)
			continue
		}
		fmt.Fprintf(&fields, "\t// +optional\n")
		if !strings.HasPrefix(t, "[]") && !strings.HasPrefix(t, "map[") {
			t = "*" + t // has() is false exactly when it is nil
		}
		fmt.Fprintf(&fields, "\t%s %s `json:%q`\n", f, t, k+",omitempty")
	}
	b.WriteString(nested.String())
	return fields.String()
}

func fieldName(json string, used map[string]bool) string {
	var b strings.Builder
	up := true
	for _, r := range json {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	name := b.String()
	if name == "" || unicode.IsDigit(rune(name[0])) {
		name = "F" + name
	}
	for used[name] {
		name += "_"
	}
	used[name] = true
	return name
}
