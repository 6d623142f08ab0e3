package equivalence

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestParseEquivalencesRejects(t *testing.T) {
	for name, tc := range map[string]struct{ yaml, want string }{
		"no reason":       {"equivalences:\n- field: spec.a\n  handwritten: x\n  declarative: y\n", "reason is required"},
		"no field":        {"equivalences:\n- handwritten: x\n  declarative: y\n  reason: r\n", "field is required"},
		"bad regexp":      {"equivalences:\n- field: a\n  handwritten: '('\n  declarative: y\n  reason: r\n", "handwritten: error parsing regexp"},
		"unknown key":     {"equivalences:\n- field: a\n  handwriten: x\n  declarative: y\n  reason: r\n", `unknown field "handwriten"`},
		"unknown backend": {"equivalences:\n- field: a\n  backends: [openapi]\n  handwritten: x\n  declarative: y\n  reason: r\n", `backend "openapi"`},
		"not a list":      {"equivalences: 3\n", "cannot unmarshal"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseEquivalences([]byte(tc.yaml))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestEquivalencesMatchAndReportUnused(t *testing.T) {
	eq, err := ParseEquivalences([]byte(`
equivalences:
- field: spec.items[*].name
  versions: [v1]
  backends: [schema]
  handwritten: '^hand \d+$'
  declarative: '^decl$'
  reason: used
- field: spec.other
  handwritten: a
  declarative: b
  reason: never used
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		backend, version, path, hand, decl string
		want                               bool
	}{
		{Schema, "v1", "spec.items[3].name", "hand 7", "decl", true},
		{Schema, "v1", "spec.items[x].name", "hand 7", "decl", true},
		{Generated, "v1", "spec.items[3].name", "hand 7", "decl", false},
		{Schema, "v2", "spec.items[3].name", "hand 7", "decl", false},
		{Schema, "v1", "spec.items[3].name.x", "hand 7", "decl", false},
		{Schema, "v1", "spec.items[3].name", "hand x", "decl", false},
		{Schema, "v1", "spec.items[3].name", "hand 7", "declared", false},
	} {
		if got := eq.allows(tc.backend, tc.version, tc.path, tc.hand, tc.decl) != nil; got != tc.want {
			t.Errorf("allows(%s, %s, %s, %q, %q) = %v, want %v", tc.backend, tc.version, tc.path, tc.hand, tc.decl, got, tc.want)
		}
	}
	if got := eq.Unused(); len(got) != 1 || got[0] != "spec.other: never used" {
		t.Errorf("Unused() = %q, want the entry no comparison used", got)
	}
}

func TestCompareIsAMultisetOfTypeAndField(t *testing.T) {
	p := field.NewPath("spec", "x")
	ref := field.ErrorList{field.Invalid(p, 1, "a"), field.Invalid(p, 1, "b"), field.Required(p, "")}
	for _, tc := range []struct {
		name  string
		other field.ErrorList
		want  []string
	}{
		{"same, other order", field.ErrorList{field.Required(p, ""), field.Invalid(p, 1, "b"), field.Invalid(p, 1, "a")}, nil},
		{"one missing", field.ErrorList{field.Invalid(p, 1, "a"), field.Required(p, "")}, []string{OnlyHandwritten + " FieldValueInvalid spec.x"}},
		{"one extra", append(ref, field.Invalid(p, 1, "c")), []string{OnlyGenerated + " FieldValueInvalid spec.x"}},
		{"detail differs", field.ErrorList{field.Invalid(p, 1, "a"), field.Invalid(p, 1, "z"), field.Required(p, "")}, []string{DetailDiffers + " FieldValueInvalid spec.x"}},
		{"type differs", field.ErrorList{field.Invalid(p, 1, "a"), field.Invalid(p, 1, "b"), field.Forbidden(p, "")},
			[]string{OnlyGenerated + " FieldValueForbidden spec.x", OnlyHandwritten + " FieldValueRequired spec.x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, m := range compare(ref, tc.other, Generated, "v1", nil, OnlyHandwritten, OnlyGenerated) {
				got = append(got, m.Kind+" "+string(m.Type)+" "+m.Field)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("mismatches %q, want %q", got, tc.want)
			}
		})
	}
}

func TestReportTable(t *testing.T) {
	r := &Report{Case: "pool: replicas", Mismatches: []Mismatch{
		{Version: "v1", Kind: OnlyHandwritten, Backend: Schema, Type: field.ErrorTypeInvalid, Field: "spec.replicas", Handwritten: "must be at most 10"},
		{Version: "v1", Kind: DetailDiffers, Backend: Generated, Type: field.ErrorTypeInvalid, Field: "spec.x", Handwritten: "a", Declarative: "b"},
		{Kind: OnlyExpected, Backend: Expected, Type: field.ErrorTypeRequired, Field: "spec.y"},
	}, Normalizations: []string{"v1: map-key-paths"}}
	want := `case "pool: replicas":
  expected vs handwritten:
    MISMATCH       TYPE            FIELD   HANDWRITTEN DETAIL  DECLARATIVE DETAIL
    only-expected  Required value  spec.y  -                   ""
  v1, generated vs handwritten:
    MISMATCH        TYPE           FIELD   HANDWRITTEN DETAIL  DECLARATIVE DETAIL
    detail differs  Invalid value  spec.x  "a"                 "b"
  v1, schema vs handwritten:
    MISMATCH          TYPE           FIELD          HANDWRITTEN DETAIL    DECLARATIVE DETAIL
    only-handwritten  Invalid value  spec.replicas  "must be at most 10"  -
  normalisations applied: v1: map-key-paths
`
	if got := r.String(); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}
