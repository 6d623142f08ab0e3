package tags

import (
	"go/token"
	"reflect"
	"testing"
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
		// Our own tags and other tools' namespaces are not split.
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

func TestClosest(t *testing.T) {
	if got := suggest("maxLenght"); got != "maxLength" {
		t.Errorf("suggest(maxLenght) = %q", got)
	}
	if got := suggest("completelyUnrelated"); got != "" {
		t.Errorf("suggest(completelyUnrelated) = %q, want none", got)
	}
}
