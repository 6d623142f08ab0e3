// Package celspec turns the public CEL conformance suite (the tests/simple files of module
// cel.dev/expr, the cel-spec repository's) into rules over data, for the differential test of CEL
// rules compiled to Go, run in cel-go and in the API server's CRD validation (internal/celdiff).
//
// Each test of the suite is an expression with its expected value (or error). It becomes a rule
//
//	(<expression>) == <expected value>
//
// at a struct whose fields hold the expression's inputs: every literal of the expression (int,
// double, string, bool, bytes) is replaced by a field holding its value, and so are the variables
// the test binds, so that nothing is constant and the data goes through the API server's JSON,
// as an object's would. A test expecting an error becomes (<expression>) == (<expression>). What
// cannot be spelled so is skipped with its reason: protocol buffer messages, enums, unknowns,
// expressions that need another container or the type checker off.
package celspec

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	exprpb "cel.dev/expr"
	conformance "cel.dev/expr/conformance/test"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/types"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	// The suite's values name these messages: their types must be registered to decode it.
	_ "cel.dev/expr/conformance/proto2"
	_ "cel.dev/expr/conformance/proto3"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
)

// Test is one test of the suite.
type Test struct {
	File, Section, Name string
	*conformance.SimpleTest
}

func (t Test) String() string { return t.File + "/" + t.Section + "/" + t.Name }

// Load reads every test of the tests/simple files of the module at dir.
func Load(dir string) ([]Test, error) {
	files, err := filepath.Glob(filepath.Join(dir, "tests", "simple", "testdata", "*.textproto"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no tests/simple/testdata/*.textproto in %s", dir)
	}
	sort.Strings(files)
	var out []Test
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var file conformance.SimpleTestFile
		if err := prototext.Unmarshal(data, &file); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		for _, s := range file.GetSection() {
			for _, t := range s.GetTest() {
				out = append(out, Test{File: strings.TrimSuffix(filepath.Base(f), ".textproto"), Section: s.GetName(), Name: t.GetName(), SimpleTest: t})
			}
		}
	}
	return out, nil
}

// Field is one input of a case: a field of the struct the rule sits on.
type Field struct {
	Name   string // JSON name
	GoType string
	Value  string // Go expression of the value
	Tags   []string
}

// Case is a test turned into a rule over data.
type Case struct {
	Test   Test
	Rule   string
	Fields []Field
}

// Skip is why a test cannot be a rule over data.
type Skip string

// Transform turns a test into a case, or says why it cannot.
func Transform(t Test) (c *Case, skip Skip) {
	switch {
	case t.GetDisableCheck():
		return nil, "the type checker is off"
	case t.GetCheckOnly():
		return nil, "a type-checking test"
	case t.GetContainer() != "":
		return nil, "another container"
	case t.GetDisableMacros():
		return nil, "macros off"
	case t.GetUnknown() != nil || t.GetAnyUnknowns() != nil:
		return nil, "unknowns"
	case t.GetTypedResult() != nil:
		return nil, "a typed result"
	case strings.ContainsAny(t.GetExpr(), "\n`"):
		return nil, "a line break or back-quote in the expression (a tag is one line)"
	case strings.ContainsFunc(t.GetExpr(), func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }):
		return nil, "a control character in the expression (Go source cannot hold it)"
	}
	for _, d := range t.GetTypeEnv() {
		if d.GetFunction() != nil {
			return nil, "a declared function"
		}
	}
	env := celenv.EnvSet(version.MajorMinor(1, 37)).NewExpressionsEnv()
	parsed, iss := env.Parse(t.GetExpr())
	if iss != nil && iss.Err() != nil {
		return nil, "does not parse in the Kubernetes environment"
	}
	c = &Case{Test: t}
	// Bound variables become fields; their identifiers are rewritten to select them.
	bound := map[string]bool{}
	var names []string
	for name := range t.GetBindings() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := t.GetBindings()[name].GetValue()
		if v == nil {
			return nil, "a binding that is not a value"
		}
		goType, goValue, tags, ok := goValueOf(v)
		if !ok || !isIdent(name) {
			return nil, "a binding that is no data of a schema"
		}
		bound[name] = true
		c.Fields = append(c.Fields, Field{Name: name, GoType: goType, Value: goValue, Tags: tags})
	}
	src := []rune(t.GetExpr())
	info := parsed.NativeRep().SourceInfo()
	type edit struct {
		start, end int // rune offsets
		text       string
	}
	var edits []edit
	shadowed := false
	n := 0
	celast.PostOrderVisit(parsed.NativeRep().Expr(), celast.NewExprVisitor(func(e celast.Expr) {
		r, ok := info.GetOffsetRange(e.ID())
		if !ok || r.Stop <= r.Start {
			return // written by a macro, not in the text
		}
		switch e.Kind() {
		case celast.ComprehensionKind:
			if bound[e.AsComprehension().IterVar()] || bound[e.AsComprehension().IterVar2()] {
				shadowed = true
			}
		case celast.IdentKind:
			if bound[e.AsIdent()] {
				edits = append(edits, edit{int(r.Start), endOf(src, r), "self." + e.AsIdent()})
			}
		case celast.LiteralKind:
			goType, goValue, tags, ok := goLiteral(e.AsLiteral())
			if !ok {
				return
			}
			name := fmt.Sprintf("f%d", n)
			n++
			c.Fields = append(c.Fields, Field{Name: name, GoType: goType, Value: goValue, Tags: tags})
			edits = append(edits, edit{int(r.Start), endOf(src, r), "self." + name})
		}
	}))
	if shadowed {
		return nil, "a comprehension variable named as a binding"
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	for i, e := range edits {
		if i > 0 && e.end > edits[i-1].start {
			return nil, "overlapping inputs"
		}
		src = append(append(append([]rune{}, src[:e.start]...), []rune(e.text)...), src[e.end:]...)
	}
	expr := string(src)
	switch {
	case t.GetEvalError() != nil || t.GetAnyEvalErrors() != nil:
		c.Rule = fmt.Sprintf("(%s) == (%s)", expr, expr)
	case t.GetValue() != nil:
		v := t.GetValue()
		if f, ok := v.GetKind().(*exprpb.Value_DoubleValue); ok && math.IsNaN(f.DoubleValue) {
			c.Rule = fmt.Sprintf("(%s) != (%s)", expr, expr)
			break
		}
		want, ok := celLiteral(v)
		if !ok {
			return nil, "an expected value that is a message or enum"
		}
		c.Rule = fmt.Sprintf("(%s) == %s", expr, want)
	default:
		c.Rule = fmt.Sprintf("(%s) == true", expr) // the suite's default: true
	}
	if strings.Contains(c.Rule, "`") {
		return nil, "a back-quote in the rule"
	}
	return c, ""
}

// endOf is the rune offset where the token of an offset range ends: the parser's stop is its
// start plus its length in bytes.
func endOf(src []rune, r celast.OffsetRange) int {
	bytes := int(r.Stop - r.Start)
	i := int(r.Start)
	for bytes > 0 && i < len(src) {
		bytes -= utf8.RuneLen(src[i])
		i++
	}
	return i
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	switch s {
	case "in", "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop", "package",
		"namespace", "return", "var", "void", "while", "true", "false", "null", "self", "metadata", "apiVersion", "kind":
		return false
	}
	return true
}

// goLiteral is the field that holds a literal of the expression; false for literals that stay
// (uint and null have no schema; NaN, infinities and -0 have no JSON; a string that is not UTF-8
// would not survive JSON).
func goLiteral(l any) (goType, goValue string, tags []string, ok bool) {
	switch l := l.(type) {
	case types.Int:
		return "int64", fmt.Sprintf("int64(%d)", int64(l)), nil, true
	case types.Double:
		f := float64(l)
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 && math.Signbit(f) {
			return "", "", nil, false
		}
		return "float64", "float64(" + strconv.FormatFloat(f, 'g', -1, 64) + ")", nil, true
	case types.String:
		s := string(l)
		if !utf8.ValidString(s) {
			return "", "", nil, false
		}
		return "string", strconv.Quote(s), []string{fmt.Sprintf("+maxLength=%d", utf8.RuneCountInString(s))}, true
	case types.Bool:
		return "bool", strconv.FormatBool(bool(l)), nil, true
	case types.Bytes:
		b := []byte(l)
		return "[]byte", fmt.Sprintf("[]byte(%q)", b), []string{fmt.Sprintf("+maxLength=%d", (len(b)+2)/3*4)}, true
	}
	return "", "", nil, false
}

// goValueOf is the field that holds a bound value: a scalar, or a list or string-keyed map of
// scalars of one type.
func goValueOf(v *exprpb.Value) (goType, goValue string, tags []string, ok bool) {
	scalar := func(v *exprpb.Value) (string, string, bool) {
		switch k := v.GetKind().(type) {
		case *exprpb.Value_Int64Value:
			return "int64", fmt.Sprintf("int64(%d)", k.Int64Value), true
		case *exprpb.Value_StringValue:
			if !utf8.ValidString(k.StringValue) {
				return "", "", false
			}
			return "string", strconv.Quote(k.StringValue), true
		case *exprpb.Value_BoolValue:
			return "bool", strconv.FormatBool(k.BoolValue), true
		case *exprpb.Value_DoubleValue:
			f := k.DoubleValue
			if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 && math.Signbit(f) {
				return "", "", false
			}
			return "float64", "float64(" + strconv.FormatFloat(f, 'g', -1, 64) + ")", true
		}
		return "", "", false
	}
	if t, val, ok := scalar(v); ok {
		if t == "string" {
			s, _ := strconv.Unquote(val)
			tags = []string{fmt.Sprintf("+maxLength=%d", utf8.RuneCountInString(s))}
		}
		return t, val, tags, true
	}
	switch k := v.GetKind().(type) {
	case *exprpb.Value_ListValue:
		var elemType string
		var elems []string
		for _, e := range k.ListValue.GetValues() {
			t, val, ok := scalar(e)
			if !ok || elemType != "" && t != elemType {
				return "", "", nil, false
			}
			elemType = t
			elems = append(elems, val)
		}
		if elemType == "" {
			elemType = "int64"
		}
		tags = []string{fmt.Sprintf("+maxItems=%d", len(elems))}
		if elemType == "string" {
			tags = append(tags, "+kubebuilder:validation:items:MaxLength=64")
		}
		return "[]" + elemType, "[]" + elemType + "{" + strings.Join(elems, ", ") + "}", tags, true
	case *exprpb.Value_MapValue:
		var valType string
		var entries []string
		for _, e := range k.MapValue.GetEntries() {
			key, ok := e.GetKey().GetKind().(*exprpb.Value_StringValue)
			if !ok {
				return "", "", nil, false
			}
			t, val, ok := scalar(e.GetValue())
			if !ok || valType != "" && t != valType {
				return "", "", nil, false
			}
			valType = t
			entries = append(entries, strconv.Quote(key.StringValue)+": "+val)
		}
		if valType == "" {
			valType = "int64"
		}
		tags = []string{fmt.Sprintf("+maxProperties=%d", len(entries))}
		return "map[string]" + valType, "map[string]" + valType + "{" + strings.Join(entries, ", ") + "}", tags, true
	}
	return "", "", nil, false
}

// celLiteral spells an expected value as a CEL expression.
func celLiteral(v *exprpb.Value) (string, bool) {
	switch k := v.GetKind().(type) {
	case *exprpb.Value_NullValue:
		return "null", true
	case *exprpb.Value_BoolValue:
		return strconv.FormatBool(k.BoolValue), true
	case *exprpb.Value_Int64Value:
		return strconv.FormatInt(k.Int64Value, 10), true
	case *exprpb.Value_Uint64Value:
		return strconv.FormatUint(k.Uint64Value, 10) + "u", true
	case *exprpb.Value_DoubleValue:
		f := k.DoubleValue
		switch {
		case math.IsInf(f, 1):
			return "(1.0/0.0)", true
		case math.IsInf(f, -1):
			return "(-1.0/0.0)", true
		}
		s := strconv.FormatFloat(f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
		return s, true
	case *exprpb.Value_StringValue:
		return strconv.QuoteToASCII(k.StringValue), true
	case *exprpb.Value_BytesValue:
		var b strings.Builder
		b.WriteString(`b"`)
		for _, c := range k.BytesValue {
			fmt.Fprintf(&b, `\x%02x`, c)
		}
		b.WriteString(`"`)
		return b.String(), true
	case *exprpb.Value_ListValue:
		var elems []string
		for _, e := range k.ListValue.GetValues() {
			s, ok := celLiteral(e)
			if !ok {
				return "", false
			}
			elems = append(elems, s)
		}
		return "[" + strings.Join(elems, ", ") + "]", true
	case *exprpb.Value_MapValue:
		var entries []string
		for _, e := range k.MapValue.GetEntries() {
			key, ok1 := celLiteral(e.GetKey())
			val, ok2 := celLiteral(e.GetValue())
			if !ok1 || !ok2 {
				return "", false
			}
			entries = append(entries, key+": "+val)
		}
		sort.Strings(entries)
		return "{" + strings.Join(entries, ", ") + "}", true
	case *exprpb.Value_TypeValue:
		switch k.TypeValue {
		case "int", "uint", "double", "bool", "string", "bytes", "list", "map", "null_type", "type",
			"google.protobuf.Duration", "google.protobuf.Timestamp":
			return k.TypeValue, true
		}
	case *exprpb.Value_ObjectValue:
		switch k.ObjectValue.GetTypeUrl() {
		case "type.googleapis.com/google.protobuf.Duration":
			var d durationpb.Duration
			if k.ObjectValue.UnmarshalTo(&d) != nil {
				return "", false
			}
			return fmt.Sprintf("duration(%q)", strconv.FormatFloat(d.AsDuration().Seconds(), 'f', -1, 64)+"s"), true
		case "type.googleapis.com/google.protobuf.Timestamp":
			var ts timestamppb.Timestamp
			if k.ObjectValue.UnmarshalTo(&ts) != nil {
				return "", false
			}
			return fmt.Sprintf("timestamp(%q)", ts.AsTime().UTC().Format(time.RFC3339Nano)), true
		}
	}
	return "", false
}

// Source is the Go package of the cases: kind C<n> with the rule on C<n>Spec, whose fields hold
// the inputs, and CELDiffObjects, the object of each kind with the inputs' values.
func Source(cases []*Case) string {
	var types, objects strings.Builder
	for i, c := range cases {
		fmt.Fprintf(&types, "// C%d is %s: %s\ntype C%d struct {\n\tmetav1.TypeMeta   `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\n\tSpec C%dSpec `json:\"spec\"`\n}\n\n",
			i, c.Test, oneLine(c.Test.GetExpr()), i, i)
		fmt.Fprintf(&types, "// +validationRule=`%s`\ntype C%dSpec struct {\n\tPad int64 `json:\"pad\"`\n", c.Rule, i)
		var values []string
		for _, f := range c.Fields {
			for _, t := range f.Tags {
				fmt.Fprintf(&types, "\t// %s\n", t)
			}
			if f.GoType == "[]byte" {
				fmt.Fprintf(&types, "\t// +format=byte\n")
			}
			fmt.Fprintf(&types, "\t%s %s `json:%q`\n", goName(f.Name), f.GoType, f.Name)
			values = append(values, goName(f.Name)+": "+f.Value)
		}
		fmt.Fprintf(&types, "}\n\n")
		fmt.Fprintf(&objects, "\t\t%q: {&C%d{Spec: C%dSpec{%s}}},\n", fmt.Sprintf("C%d", i), i, i, strings.Join(values, ", "))
	}
	return "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" + types.String() +
		"// CELDiffObjects are the objects of the cases, by kind.\nfunc CELDiffObjects() map[string][]any {\n\treturn map[string][]any{\n" + objects.String() + "\t}\n}\n"
}

func goName(json string) string { return "F_" + json }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
