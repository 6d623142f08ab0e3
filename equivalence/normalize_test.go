package equivalence

import (
	"context"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/validate/content"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The normalisation tests validate objects of a small CRD (testdata/widget-crd.yaml) with the
// API server's real custom-resource validation, show the server's known difference, and show
// that the normalisation, and only it, makes the server's result and the handwritten
// convention's agree.

var widgetGVK = schema.GroupVersionKind{Group: "test.example.com", Version: "v1", Kind: "Widget"}

func widgetSchemas(t *testing.T) *Schemas {
	t.Helper()
	s, err := LoadSchemas("testdata", "testdata/widget-openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func widget(spec map[string]interface{}) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": "test.example.com/v1", "kind": "Widget",
		"metadata": map[string]interface{}{"name": "w", "namespace": "default"},
		"spec":     spec,
	}}
}

// validateWidget validates a Widget with spec obj through the API server's validation, as an
// update from a Widget with spec old when old is set (update reports so), the new object renamed
// when rename is set.
func validateWidget(t *testing.T, s *Schemas, obj, old map[string]interface{}, rename string) (res *schemaResult, update bool) {
	t.Helper()
	var oldW *unstructured.Unstructured
	if old != nil {
		oldW = widget(old)
		// A real update changes the metadata (resourceVersion, managedFields).
		oldW.SetResourceVersion("1")
	}
	w := widget(obj)
	w.SetResourceVersion("2")
	if rename != "" {
		w.SetName(rename)
	}
	var err error
	if oldW == nil {
		res, err = s.validate(context.Background(), widgetGVK, w, nil)
	} else {
		res, err = s.validate(context.Background(), widgetGVK, w, oldW)
	}
	if err != nil {
		t.Fatal(err)
	}
	return res, oldW != nil
}

func keys(l field.ErrorList) []string {
	var out []string
	for _, e := range l {
		out = append(out, string(e.Type)+" "+e.Field)
	}
	sort.Strings(out)
	return out
}

func same(a, b []string) bool { return strings.Join(a, "|") == strings.Join(b, "|") }

func TestNormalizations(t *testing.T) {
	s := widgetSchemas(t)
	for _, tc := range []struct {
		name string
		// normalization is the one under test: it must be reported as applied.
		normalization string
		obj, old      map[string]interface{}
		// rename, if set, is the new object's name.
		rename string
		// server is what the API server returns; hand what a handwritten validation following
		// Kubernetes' conventions returns. After normalisation both must be want.
		server, hand, want []string
	}{{
		name: "map keys are path segments", normalization: "map-key-paths",
		obj: map[string]interface{}{"notes": map[string]interface{}{"front.door": "long"}},
		// TooLong is a blocking error: the server adds that it did not check the CEL rules.
		server: []string{"FieldValueInvalid <nil>", "FieldValueTooLong spec.notes.front.door"},
		hand:   []string{"FieldValueTooLong spec.notes[front.door]"},
		want:   []string{"FieldValueTooLong spec.notes[front.door]"},
	}, {
		name: "an empty map key is a path segment too", normalization: "map-key-paths",
		obj:    map[string]interface{}{"notes": map[string]interface{}{"": "long"}},
		server: []string{"FieldValueInvalid <nil>", "FieldValueTooLong spec.notes."},
		hand:   []string{"FieldValueTooLong spec.notes[]"},
		want:   []string{"FieldValueTooLong spec.notes[]"},
	}, {
		name: "an allOf's summary", normalization: "allof-summary",
		obj: map[string]interface{}{"service": "Other"},
		// NotSupported is a blocking error: the server adds that it did not check the CEL rules.
		server: []string{"FieldValueInvalid <nil>", "FieldValueInvalid <nil>", "FieldValueNotSupported spec.service"},
		hand:   []string{"FieldValueNotSupported spec.service"},
		want:   []string{"FieldValueNotSupported spec.service"},
	}, {
		name: "format is a type error", normalization: "format-type-invalid",
		obj:    map[string]interface{}{"code": "Bad_Code"},
		server: []string{"FieldValueInvalid <nil>", "FieldValueTypeInvalid spec.code"},
		hand:   []string{"FieldValueInvalid spec.code"},
		want:   []string{"FieldValueInvalid spec.code"},
	}, {
		name: "blocking error skips CEL", normalization: "blocking-errors-skip-cel",
		obj:    map[string]interface{}{"mode": "C", "checked": "bad"},
		server: []string{"FieldValueInvalid <nil>", "FieldValueNotSupported spec.mode"},
		hand:   []string{"FieldValueInvalid spec.checked", "FieldValueNotSupported spec.mode"},
		want:   []string{"FieldValueNotSupported spec.mode"},
	}, {
		name: "only the first string check", normalization: "first-string-check",
		obj:    map[string]interface{}{"name": "TOOLONG"},
		server: []string{"FieldValueInvalid <nil>", "FieldValueTooLong spec.name"},
		hand:   []string{"FieldValueInvalid spec.name", "FieldValueTooLong spec.name"},
		want:   []string{"FieldValueTooLong spec.name"},
	}, {
		name: "duplicates on update only when the old object had none", normalization: "list-duplicates-on-update",
		old:    map[string]interface{}{"tags": []interface{}{"a", "a"}},
		obj:    map[string]interface{}{"tags": []interface{}{"a", "a", "b", "b"}},
		server: nil,
		hand:   []string{"FieldValueDuplicate spec.tags[1]", "FieldValueDuplicate spec.tags[3]"},
		want:   nil,
	}, {
		name: "a repeated item is reported once", normalization: "duplicates-reported-once",
		obj:    map[string]interface{}{"tags": []interface{}{"a", "a", "b", "a"}},
		server: []string{"FieldValueDuplicate spec.tags[1]"},
		hand:   []string{"FieldValueDuplicate spec.tags[1]", "FieldValueDuplicate spec.tags[3]"},
		want:   []string{"FieldValueDuplicate spec.tags[1]"},
	}, {
		// The items rule publishing +k8s:item(name: "ssh")=+k8s:subfield(open)=... checks both
		// items named ssh; upstream's validate.ValSliceItem the first.
		name: "a selected item that repeats a key", normalization: "items-select-first",
		obj: map[string]interface{}{"ports": []interface{}{
			map[string]interface{}{"name": "ssh", "open": true}, map[string]interface{}{"name": "ssh", "open": true}}},
		server: []string{"FieldValueDuplicate spec.ports[1]", "FieldValueInvalid spec.ports[0].open", "FieldValueInvalid spec.ports[1].open"},
		hand:   []string{"FieldValueDuplicate spec.ports[1]", "FieldValueInvalid spec.ports[0].open"},
		want:   []string{"FieldValueDuplicate spec.ports[1]", "FieldValueInvalid spec.ports[0].open"},
	}, {
		name: "names are checked on create only", normalization: "names-on-create",
		old:    map[string]interface{}{},
		obj:    map[string]interface{}{},
		rename: "Bad_Name",
		server: []string{"FieldValueInvalid metadata.name"}, // immutable
		hand:   []string{"FieldValueInvalid metadata.name", "FieldValueInvalid metadata.name"},
		want:   []string{"FieldValueInvalid metadata.name"},
	}, {
		// hand errors may name an origin, and be marked ShortCircuit: "type path origin shortcircuit".
		name: "an oversized list is not item-validated", normalization: "size-short-circuits",
		obj:    map[string]interface{}{"limits": []interface{}{"aaaa", "ok", "bbbb"}},
		server: []string{"FieldValueInvalid <nil>", "FieldValueTooLong spec.limits[0]", "FieldValueTooLong spec.limits[2]", "FieldValueTooMany spec.limits"},
		hand:   []string{"FieldValueTooMany spec.limits maxItems shortcircuit"},
		want:   []string{"FieldValueTooMany spec.limits"},
	}, {
		name: "a failed update stops the field's other checks", normalization: "update-short-circuits",
		old:    map[string]interface{}{"frozen": "ok"},
		obj:    map[string]interface{}{"frozen": "Bad_Code"},
		server: []string{"FieldValueInvalid <nil>", "FieldValueInvalid spec.frozen", "FieldValueTypeInvalid spec.frozen"},
		hand:   []string{"FieldValueInvalid spec.frozen update"},
		want:   nil, // the transition rule did not run (blocking-errors-skip-cel)
	}, {
		name: "a failed update keeps the transition rule's error", normalization: "update-short-circuits",
		old:    map[string]interface{}{"frozen": "ok"},
		obj:    map[string]interface{}{"frozen": "fine1"}, // fails the pattern, which does not block the rules
		server: []string{"FieldValueInvalid spec.frozen", "FieldValueInvalid spec.frozen"},
		hand:   []string{"FieldValueInvalid spec.frozen update"},
		want:   []string{"FieldValueInvalid spec.frozen"},
	}, {
		name: "a required field missing before too", normalization: "unchanged-presence",
		old:    map[string]interface{}{"inner": map[string]interface{}{"size": int64(1)}},
		obj:    map[string]interface{}{"inner": map[string]interface{}{"size": int64(2)}},
		server: []string{"FieldValueInvalid <nil>", "FieldValueRequired spec.inner.id"},
		hand:   nil,
		want:   nil,
	}, {
		name: "a forbidden field set before to the same value", normalization: "unchanged-presence",
		old:    map[string]interface{}{"inner": map[string]interface{}{"id": "a", "legacy": "x"}},
		obj:    map[string]interface{}{"inner": map[string]interface{}{"id": "a", "legacy": "x", "size": int64(3)}},
		server: []string{"FieldValueForbidden spec.inner.legacy"},
		hand:   nil,
		want:   nil,
	}, {
		name: "root rules are not ratcheted", normalization: "root-rules-not-ratcheted",
		old:    map[string]interface{}{"min": int64(5), "max": int64(1)},
		obj:    map[string]interface{}{"min": int64(5), "max": int64(1)},
		server: []string{"FieldValueInvalid <nil>"},
		hand:   nil,
		want:   nil,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			res, update := validateWidget(t, s, tc.obj, tc.old, tc.rename)
			if got := keys(res.errs); !same(got, tc.server) {
				t.Fatalf("the server returned %q, want %q", got, tc.server)
			}
			var hand field.ErrorList
			for i, k := range tc.hand {
				typ, path, _ := strings.Cut(k, " ")
				path, origin, _ := strings.Cut(path, " ")
				origin, flag, _ := strings.Cut(origin, " ")
				e := &field.Error{Type: field.ErrorType(typ), Field: path, Origin: origin, ShortCircuit: flag == "shortcircuit"}
				if origin == "update" { // as apimachinery's validate.Update* words it
					e.Detail = "field cannot be modified once set"
				}
				if tc.rename != "" && i > 0 { // the name's format error, as apimachinery words it
					e.Detail = apivalidation.NameIsDNSSubdomain(tc.rename, false)[0]
				}
				hand = append(hand, e)
			}
			nref, ngot, applied := normalize(update, hand, res.errs, res)
			if !same(keys(nref), tc.want) || !same(keys(ngot), tc.want) {
				t.Errorf("after normalisation: handwritten %q, server %q; want %q", keys(nref), keys(ngot), tc.want)
			}
			found := false
			for _, a := range applied {
				found = found || a == tc.normalization
			}
			if !found {
				t.Errorf("normalisations applied %q, want %s among them", applied, tc.normalization)
			}
		})
	}
}

// The normalisations hide only what their cause explains: a handwritten error that the server
// should have reported stays a mismatch.
func TestNormalizationsDoNotHideDifferences(t *testing.T) {
	s := widgetSchemas(t)
	for _, tc := range []struct {
		name     string
		obj, old map[string]interface{}
		hand     field.ErrorList
		wantRef  []string // the handwritten errors left after normalisation
		wantSame bool
	}{{
		name:    "a string check the server would have reported",
		obj:     map[string]interface{}{"name": "ab1"}, // fails the pattern only
		hand:    field.ErrorList{field.TooLong(field.NewPath("spec", "name"), "ab1", 5), field.Invalid(field.NewPath("spec", "name"), "ab1", "x")},
		wantRef: []string{"FieldValueInvalid spec.name", "FieldValueTooLong spec.name"},
	}, {
		name:    "an error that is not a CEL rule's, with a blocking error",
		obj:     map[string]interface{}{"mode": "C", "count": int64(11)},
		hand:    field.ErrorList{field.NotSupported(field.NewPath("spec", "mode"), "C", []string{"A", "B"}), field.Invalid(field.NewPath("spec", "count"), 11, "must be less than or equal to 10")},
		wantRef: []string{"FieldValueInvalid spec.count", "FieldValueNotSupported spec.mode"}, wantSame: true,
	}, {
		name:    "a required field that was set before",
		old:     map[string]interface{}{"inner": map[string]interface{}{"id": "a"}},
		obj:     map[string]interface{}{"inner": map[string]interface{}{"size": int64(1)}},
		hand:    nil,
		wantRef: nil,
	}, {
		name:    "a forbidden field that changed",
		old:     map[string]interface{}{"inner": map[string]interface{}{"id": "a", "legacy": "x"}},
		obj:     map[string]interface{}{"inner": map[string]interface{}{"id": "a", "legacy": "y"}},
		hand:    nil,
		wantRef: nil,
	}, {
		name:    "a failed update does not hide another field's error",
		old:     map[string]interface{}{"frozen": "ok"},
		obj:     map[string]interface{}{"frozen": "fine", "count": int64(11)},
		hand:    field.ErrorList{field.Invalid(field.NewPath("spec", "frozen"), nil, "field cannot be modified once set").WithOrigin("update")},
		wantRef: []string{"FieldValueInvalid spec.frozen"},
	}, {
		name: "an item that does not repeat a key",
		obj: map[string]interface{}{"ports": []interface{}{
			map[string]interface{}{"name": "ssh", "open": true}, map[string]interface{}{"name": "web", "open": true}}},
		hand:    nil,
		wantRef: nil,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			res, update := validateWidget(t, s, tc.obj, tc.old, "")
			nref, ngot, _ := normalize(update, tc.hand, res.errs, res)
			if got := keys(nref); !same(got, tc.wantRef) {
				t.Errorf("handwritten after normalisation %q, want %q", got, tc.wantRef)
			}
			if same(keys(nref), keys(ngot)) != tc.wantSame {
				t.Errorf("handwritten %q and server %q: agreement %v, want %v", keys(nref), keys(ngot), !tc.wantSame, tc.wantSame)
			}
		})
	}
}

func TestServerMessages(t *testing.T) {
	s := widgetSchemas(t)
	res, err := s.validate(context.Background(), widgetGVK, widget(map[string]interface{}{"count": int64(11), "code": "Bad_Code", "mode": "A"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	hand := field.ErrorList{
		field.Invalid(field.NewPath("spec", "count"), 11, "must be less than or equal to 10"),
		field.Invalid(field.NewPath("spec", "code"), "Bad_Code", "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"),
	}
	nref, ngot, applied := normalize(false, hand, res.errs, res)
	if ms := compare(nref, ngot, Schema, "v1", nil, OnlyHandwritten, OnlySchema); len(ms) != 0 {
		t.Errorf("mismatches after normalisation (applied %q):\n%s", applied, (&Report{Case: "messages", Mismatches: ms}).String())
	}
	// A different bound, or reasons of another format, are not the same message.
	hand[0].Detail = "must be less than or equal to 100"
	hand[1].Detail = "must be a DNS-1123 subdomain"
	nref, ngot, _ = normalize(false, hand, res.errs, res)
	if ms := compare(nref, ngot, Schema, "v1", nil, OnlyHandwritten, OnlySchema); len(ms) != 2 {
		t.Errorf("got %d mismatches, want 2 details that differ", len(ms))
	}
}

// A value that fails a format for two reasons: the server reports one error, apimachinery's
// format functions (which upstream's validation-gen calls) one per reason.
func TestServerFormatMessagePerReason(t *testing.T) {
	s := widgetSchemas(t)
	code := "Bad_" + strings.Repeat("a", 70)
	res, err := s.validate(context.Background(), widgetGVK, widget(map[string]interface{}{"code": code, "mode": "A"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	var hand field.ErrorList
	for _, msg := range content.IsDNS1123Label(code) {
		hand = append(hand, field.Invalid(field.NewPath("spec", "code"), code, msg))
	}
	if len(hand) != 2 {
		t.Fatalf("%q fails for %d reasons, want 2", code, len(hand))
	}
	nref, ngot, applied := normalize(false, hand, res.errs, res)
	if ms := compare(nref, ngot, Schema, "v1", nil, OnlyHandwritten, OnlySchema); len(ms) != 0 {
		t.Errorf("mismatches after normalisation (applied %q):\n%s", applied, (&Report{Case: "messages", Mismatches: ms}).String())
	}
	// One of the reasons alone is not the format's failure.
	nref, ngot, _ = normalize(false, hand[1:], res.errs, res)
	if ms := compare(nref, ngot, Schema, "v1", nil, OnlyHandwritten, OnlySchema); len(ms) == 0 {
		t.Error("one reason of two matched the server's error")
	}
}

func TestRespell(t *testing.T) {
	s := widgetSchemas(t).kinds[widgetGVK].structural
	for in, want := range map[string]string{
		"spec.notes.door":          "spec.notes[door]",
		"spec.notes.front.door":    "spec.notes[front.door]",
		"spec.notes[door]":         "spec.notes[door]",
		"spec.tags.3":              "spec.tags[3]",
		"spec.tags[3]":             "spec.tags[3]",
		"spec.unknown.x":           "spec.unknown.x",
		"metadata.name":            "metadata.name",
		"<nil>":                    "<nil>",
		"spec.notes.door.too.deep": "spec.notes[door.too.deep]",
		"spec.notes.":              "spec.notes[]", // the key ""
		// A key with dots and a slash, of a map of lists (prometheus-operator's proxyConnectHeader).
		"spec.headers.example.com/controller[0].key": "spec.headers[example.com/controller][0].key",
		// A map of maps (external-secrets' syncedPushSecrets): a key of each, the first one short.
		"spec.shelves.a.b.mode":     "spec.shelves[a][b].mode",
		"spec.shelves.a.b.c.d.mode": "spec.shelves[a][b.c.d].mode",
		"spec.shelves.a.b":          "spec.shelves[a][b]",
	} {
		if got := respell(in, s); got != want {
			t.Errorf("respell(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMapKeyPathsFollowHandwrittenKeys: where the server's path cannot say where keys with dots
// end (a map of maps), the handwritten error at a path the server spells the same way says it;
// one at another path does not.
func TestMapKeyPathsFollowHandwrittenKeys(t *testing.T) {
	s := widgetSchemas(t).kinds[widgetGVK].structural
	p := field.NewPath("spec", "shelves")
	n := &normalizing{
		ref: field.ErrorList{field.Invalid(p.Key("a.b").Key("c").Child("mode"), "x", ""), field.Invalid(p.Key("e").Key("f").Child("mode"), "x", "")},
		got: field.ErrorList{field.Invalid(p.Child("a", "b", "c", "mode"), "x", ""), field.Invalid(p.Child("e", "f.g", "mode"), "x", "")},
		res: &schemaResult{structural: s},
	}
	if !normalizeMapKeyPaths(n) {
		t.Fatal("not applied")
	}
	if got := n.got[0].Field; got != "spec.shelves[a.b][c].mode" {
		t.Errorf("split as %s, want as the handwritten error's spec.shelves[a.b][c].mode", got)
	}
	if got := n.got[1].Field; got != "spec.shelves[e][f.g].mode" {
		t.Errorf("split as %s, want spec.shelves[e][f.g].mode (no handwritten error there)", got)
	}
}

// A check that a failed +k8s:update does not stop (the format of the value's type, checked by its
// own validator) keeps the server's error, which the server reports as TypeInvalid: the format is
// respelled before update-short-circuits matches errors by type.
func TestUpdateShortCircuitsKeepsFormatErrors(t *testing.T) {
	s := widgetSchemas(t)
	res, update := validateWidget(t, s, map[string]interface{}{"code": "Bad_Code"}, map[string]interface{}{"code": "ok"}, "")
	code := field.NewPath("spec", "code")
	hand := field.ErrorList{
		field.Invalid(code, nil, "field cannot be modified once set").WithOrigin("update"),
		field.Invalid(code, "Bad_Code", content.IsDNS1123Label("Bad_Code")[0]),
	}
	_, ngot, applied := normalize(update, hand, res.errs, res)
	if got := keys(ngot); !same(got, []string{"FieldValueInvalid spec.code"}) {
		t.Errorf("server after normalisation (applied %q): %q, want the format error kept", applied, got)
	}
}
