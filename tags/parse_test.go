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
