package tags

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/model"
)

func lines(texts ...string) []Line {
	var out []Line
	for i, t := range texts {
		out = append(out, Line{Text: t, Pos: token.Position{Filename: "types.go", Line: i + 1, Column: 4}})
	}
	return out
}

func TestExtract(t *testing.T) {
	raws := Extract(lines(
		"Doc line, not a tag.",
		"+optional",
		"+maxLength=63",
		"+validationRule=`self.all(a,",
		"  a.size() <= 1)`,message=\"m\"",
		"+k8s:alpha(since:\"1.37\")=+k8s:optional",
		"  +listType=map is indented: prose or code, not a tag",
		"+1 is not a tag",
	), Multiline)
	type got struct {
		Name, NameArgs, Value string
		HasValue              bool
		Line, Col             int
	}
	var gs []got
	for _, r := range raws {
		gs = append(gs, got{r.Name, r.NameArgs, r.Value, r.HasValue, r.Pos.Line, r.Pos.Column})
	}
	want := []got{
		{"optional", "", "", false, 2, 4},
		{"maxLength", "", "63", true, 3, 4},
		{"validationRule", "", "`self.all(a,\n  a.size() <= 1)`,message=\"m\"", true, 4, 4},
		{"k8s:alpha", `since:"1.37"`, "+k8s:optional", true, 6, 4},
	}
	if !reflect.DeepEqual(gs, want) {
		t.Errorf("got  %+v\nwant %+v", gs, want)
	}
	// The continuation line maps back to its own source line.
	if p := raws[2].Posn(len("`self.all(a,\n  ")); p.Line != 5 || p.Column != 6 {
		t.Errorf("position inside continuation line: got %d:%d, want 5:6", p.Line, p.Column)
	}
}

// Markers of controller-tools' syntax may put their first argument after the name's last ':'.
func TestExtractMarkerNames(t *testing.T) {
	for _, c := range []struct{ text, name, value string }{
		{`+kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"`,
			"kubebuilder:printcolumn", `name="Age",type=date,JSONPath=".metadata.creationTimestamp"`},
		{`+kubebuilder:validation:XValidation:rule="self.x > 0",message="m"`,
			"kubebuilder:validation:XValidation", `rule="self.x > 0",message="m"`},
		{`+kubebuilder:resource:path=gateways,scope=Cluster`, "kubebuilder:resource", `path=gateways,scope=Cluster`},
		{`+kubebuilder:metadata:labels="gateway.networking.k8s.io/policy=Direct"`, "kubebuilder:metadata",
			`labels="gateway.networking.k8s.io/policy=Direct"`},
		{`+kubebuilder:deprecatedversion:warning="use v1"`, "kubebuilder:deprecatedversion", `warning="use v1"`},
		// An empty last segment, as controller-tools reads it: the marker's value.
		{`+kubebuilder:validation:Minimum:=400`, "kubebuilder:validation:Minimum", "400"},
		// Names that are allow-listed as written keep their value.
		{`+kubebuilder:validation:Maximum=10`, "kubebuilder:validation:Maximum", "10"},
		{`+kubebuilder:object:root=true`, "kubebuilder:object:root", "true"},
		// Without '=' the name is the whole marker, as in controller-tools.
		{`+kubebuilder:subresource:status`, "kubebuilder:subresource:status", ""},
		{`+kubebuilder:printcolumn:name`, "kubebuilder:printcolumn:name", ""},
		// A misspelt namespace or marker keeps its name, to be reported.
		{`+kubebuilder:validaton:Maximum=3`, "kubebuilder:validaton:Maximum", "3"},
		{`+kubebuilder:printcolum:name="Age"`, "kubebuilder:printcolum:name", `"Age"`},
		// Only one segment is dropped, as in controller-tools.
		{`+kubebuilder:printcolumn:name:x=1`, "kubebuilder:printcolumn:name:x", "1"},
		// The tags controller-gen shares with other tools take its spellings too.
		{`+listType:=set`, "listType", "set"},
		{`+listMapKey:=name`, "listMapKey", "name"},
		{`+mapType:=atomic`, "mapType", "atomic"},
		{`+groupName:=example.com`, "groupName", "example.com"},
		{`+kubebuilder:validation:items:MinLength:=1`, "kubebuilder:validation:items", "MinLength:=1"},
		{`+kubebuilder:validation:items:MinLength=1`, "kubebuilder:validation:items", "MinLength=1"},
		// A segment before '=' of a marker with one value is dropped, as controller-tools drops it.
		{`+listType:x=set`, "listType", "set"},
		{`+kubebuilder:validation:MaxLength:n=5`, "kubebuilder:validation:MaxLength", "5"},
		// Our own tags and other tools' namespaces are not split.
		{`+k8s:listType:=set`, "k8s:listType:", "set"},
		{`+k8s:maxLength:x=3`, "k8s:maxLength:x", "3"},
		{`+genclient:noVerbs:x=1`, "genclient:noVerbs:x", "1"},
	} {
		raws := Extract(lines(c.text), Multiline)
		if len(raws) != 1 {
			t.Fatalf("%s: got %d tags", c.text, len(raws))
		}
		r := raws[0]
		if r.Name != c.name || r.Value != c.value {
			t.Errorf("%s: got name %q value %q, want %q %q", c.text, r.Name, r.Value, c.name, c.value)
		}
		if c.value != "" && r.Posn(0).Column != 4+len(c.text)-len(c.value) {
			t.Errorf("%s: value at column %d, want %d", c.text, r.Posn(0).Column, 4+len(c.text)-len(c.value))
		}
	}
}

func TestSplit(t *testing.T) {
	items, err := Split(`"a, \"b\"",message=` + "`x,y`" + `,reason=Forbidden,optionalOldSelf`)
	if err != nil {
		t.Fatal(err)
	}
	want := []Item{
		{Value: `a, "b"`, HasValue: true, Quoted: true, Off: 1},
		{Key: "message", HasValue: true, Value: "x,y", Quoted: true, Off: 20, KeyOff: 11},
		{Key: "reason", HasValue: true, Value: "Forbidden", Off: 32, KeyOff: 25},
		{Key: "optionalOldSelf", KeyOff: 42},
	}
	if !reflect.DeepEqual(items, want) {
		t.Errorf("got  %+v\nwant %+v", items, want)
	}
	for _, bad := range []string{`"unterminated`, `"a" "b"`, `"a",`, `"a",="x"`} {
		if _, err := Split(bad); err == nil {
			t.Errorf("Split(%q): want an error", bad)
		}
	}
}

// Notes warn about spellings that mean something else than they seem to.
func TestExtractNotes(t *testing.T) {
	for text, note := range map[string]string{
		`+listType:=set`:                        "",
		`+listType:x=set`:                       `controller-gen reads this as +listType=set, without "x:"; write it so`,
		`+default:value="a"`:                    "",
		`+kubebuilder:validation:MaxLength:n=5`: `controller-gen reads this as +kubebuilder:validation:MaxLength=5, without "n:"; write it so`,
		`+kubebuilder:printcolumn:name="a",type=string,JSONPath=".x"`: "",
	} {
		if r := Extract(lines(text), Multiline)[0]; r.Note != note {
			t.Errorf("%s: note %q, want %q", text, r.Note, note)
		}
	}
}

// Unknown tags are reported with what they were probably meant to be; outside the +k8s: namespace
// they are warnings, as the reference tools ignore them.
func TestUnknownSpellings(t *testing.T) {
	for text, want := range map[string]string{
		"+kubebuilder:validation:UniqueItems:true": "types.go:1:4: warning: +kubebuilder:validation:UniqueItems:true: unknown tag, ignored " +
			"(as controller-gen and openapi-gen ignore it); did you mean +kubebuilder:validation:UniqueItems=true?",
		"+optional.": "types.go:1:4: warning: +optional.: unknown tag, ignored (as controller-gen and openapi-gen ignore it); did you mean +optional?",
		"+kubebuilder:vaidation:MinLength=1": "types.go:1:4: warning: +kubebuilder:vaidation:MinLength: unknown tag, ignored " +
			"(as controller-gen and openapi-gen ignore it); did you mean +kubebuilder:validation:MinLength?",
		"+resource:path=foos": "types.go:1:4: warning: +resource:path: unknown tag, ignored (as controller-gen and openapi-gen ignore it)",
		"+listType = set": "types.go:1:4: warning: +listType: a blank before '=' makes this another tag, which controller-gen and " +
			"openapi-gen ignore; ignored; write +listType=set",
		"+k8s:optinal": "types.go:1:4: +k8s:optinal: unknown tag; did you mean +k8s:optional?",
	} {
		var v model.Validations
		var diags model.Diagnostics
		Apply(Extract(lines(text), Multiline), Place{Scope: ScopeField, Kind: model.KindList, GoType: types.NewSlice(types.Typ[types.String]), V: &v}, &diags)
		if got := strings.TrimSpace(diags.Error("")); got != want {
			t.Errorf("%s:\n got %s\nwant %s", text, got, want)
		}
		if v.ListType != nil || v.Optional != nil {
			t.Errorf("%s: applied", text)
		}
	}
}

func TestClosest(t *testing.T) {
	if got := suggest("maxLenght"); got != "maxLength" {
		t.Errorf("suggest(maxLenght) = %q", got)
	}
	if got := suggest("completelyUnrelated"); got != "" {
		t.Errorf("suggest(completelyUnrelated) = %q, want none", got)
	}
}
