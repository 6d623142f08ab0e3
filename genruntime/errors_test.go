package genruntime

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestPrefixMatchesFieldPath checks that re-rooting relative errors spells paths exactly as
// building the *field.Path up front would.
func TestPrefixMatchesFieldPath(t *testing.T) {
	leaf := func(string) field.ErrorList { return field.ErrorList{field.Invalid(nil, 1, "x")} }
	for _, tc := range []struct {
		build func() field.ErrorList
		want  *field.Path
	}{
		{func() field.ErrorList {
			errs := leaf("")
			errs[0].Field = "name"
			return PrefixChild(PrefixIndex(PrefixChild(errs, "containers"), 2), "spec")
		}, field.NewPath("spec").Index(2).Child("containers").Child("name")},
		{func() field.ErrorList {
			errs := leaf("")
			errs[0].Field = ""
			return PrefixChild(PrefixKey(errs, "app"), "labels")
		}, field.NewPath("labels").Key("app")},
		{func() field.ErrorList {
			errs := leaf("")
			errs[0].Field = "[0]"
			return PrefixPath(PrefixChild(errs, "items"), field.NewPath("spec").Child("template"))
		}, field.NewPath("spec", "template", "items").Index(0)},
	} {
		got := tc.build()
		if got[0].Field != tc.want.String() {
			t.Errorf("got %q, want %q", got[0].Field, tc.want.String())
		}
	}
}

func TestPrefixNothingAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() {
		PrefixIndex(PrefixChild(nil, "spec"), 3)
	}); n != 0 {
		t.Errorf("re-rooting no errors allocated %v times", n)
	}
}

// TestPrefixRootMatchesFieldPath checks that PrefixRoot spells every path as upstream's generated
// code builds it from its fldPath argument, a nil one included: field.Invalid(nil, ...) is at
// "<nil>", nil.Child("m1") at "m1", nil.Index(0) at "[0]".
func TestPrefixRootMatchesFieldPath(t *testing.T) {
	for _, tc := range []struct {
		rel  string // the error's path relative to the value
		root *field.Path
		want *field.Path // the path upstream's code reports it at
	}{
		{"", nil, nil},
		{"m1", nil, (*field.Path)(nil).Child("m1")},
		{"[0]", nil, (*field.Path)(nil).Index(0)},
		{"[0].name", nil, (*field.Path)(nil).Index(0).Child("name")},
		{"<nil>", nil, nil},
		{"", field.NewPath("spec"), field.NewPath("spec")},
		{"<nil>", field.NewPath("spec"), field.NewPath("spec")},
		{"m1", field.NewPath("spec"), field.NewPath("spec", "m1")},
		{"[0]", field.NewPath("spec"), field.NewPath("spec").Index(0)},
	} {
		errs := field.ErrorList{field.Invalid(nil, 1, "x")}
		errs[0].Field = tc.rel
		if got := PrefixRoot(errs, tc.root)[0].Field; got != tc.want.String() {
			t.Errorf("PrefixRoot(%q, %v) = %q, want %q", tc.rel, tc.root, got, tc.want.String())
		}
	}
	if n := testing.AllocsPerRun(100, func() { PrefixRoot(nil, nil) }); n != 0 {
		t.Errorf("re-rooting no errors allocated %v times", n)
	}
}

// TestPrefixEmbedded checks where an embedded field's errors go: under its name at the root of a
// validation (nil path), at the holder's path below one, Nested included.
func TestPrefixEmbedded(t *testing.T) {
	errs := func() field.ErrorList { return field.ErrorList{&field.Error{Field: "name"}} }
	for _, tc := range []struct {
		path *field.Path
		want string
	}{
		{nil, "Base.name"},
		{field.NewPath("spec"), "spec.name"},
		{Nested, "name"},
	} {
		got := PrefixPath(PrefixEmbedded(errs(), tc.path, "Base"), tc.path)
		if got[0].Field != tc.want {
			t.Errorf("path %v: got %q, want %q", tc.path, got[0].Field, tc.want)
		}
	}
	if Unnested(Nested) != nil || Unnested(field.NewPath("x")) == nil {
		t.Error("Unnested: want nil for Nested only")
	}
}
