package oapicompare

import (
	"encoding/json"
	"reflect"
	"testing"
)

// These tests check the comparison itself and that test/k8sapi's differences.yaml is well-formed.

func TestCompareFindsEveryAspect(t *testing.T) {
	decode := func(s string) map[string]any {
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	ours := decode(`{
	  "io.k8s.x.A": {"Schema": {"type": "object", "description": "A.", "required": ["a", "b"],
	    "properties": {
	      "a": {"type": "string", "format": "k8s-short-name", "enum": ["x", "y"], "default": "x", "maxLength": 3},
	      "b": {"type": "array", "items": {"$ref": "#/definitions/io.k8s.x.B"}, "x-kubernetes-list-type": "map",
	            "x-kubernetes-list-map-keys": ["name"]},
	      "c": {"type": "object", "additionalProperties": {"type": "string"}},
	      "d": {"type": "integer", "minimum": 1, "x-kubernetes-strip-zero": true},
	      "e": {"type": "array", "items": {"$ref": "#/definitions/io.k8s.x.B"}, "x-kubernetes-patch-strategy": "merge"},
	      "ours": {"type": "string"}
	    }},
	    "Dependencies": ["io.k8s.x.B"]},
	  "io.k8s.x.B": {"Schema": {"type": "object"}},
	  "io.k8s.x.OnlyOurs": {"Schema": {"type": "object"}}
	}`)
	theirs := decode(`{
	  "io.k8s.x.A": {"Schema": {"type": "object", "description": "A. ", "required": ["a"],
	    "properties": {
	      "a": {"type": "string", "enum": ["y", "x"], "default": "y"},
	      "b": {"type": "array", "items": {"$ref": "#/definitions/k8s.io/x.B"}, "x-kubernetes-list-type": "atomic"},
	      "c": {"type": "object", "additionalProperties": {"type": "integer"}},
	      "d": {"type": "integer", "minimum": 2},
	      "e": {"type": "array", "items": {"$ref": "#/definitions/k8s.io/x.B"}, "x-kubernetes-patch-strategy": "merge",
	            "x-kubernetes-patch-merge-key": "name"},
	      "theirs": {"type": "string"}
	    }, "x-kubernetes-unions": [{"fields-to-discriminateBy": {"a": "A"}}]},
	    "Dependencies": ["k8s.io/x.B", "io.k8s.x.C"]},
	  "k8s.io/x.B": {"Schema": {"type": "object"}},
	  "io.k8s.x.OnlyTheirs": {"Schema": {"type": "object"}}
	}`)
	diffs, st := Compare(ours, theirs)
	type key struct{ def, path, aspect string }
	var got []key
	for _, d := range diffs {
		got = append(got, key{d.Definition, d.Path, d.Aspect})
	}
	want := []key{
		{"io.k8s.x.A", "", "description"},
		{"io.k8s.x.A", "", "required"},
		{"io.k8s.x.A", "", "extensions"}, // unions
		{"io.k8s.x.A", "", "properties"},
		{"io.k8s.x.A", "a", "format"},
		{"io.k8s.x.A", "a", "default"},
		// the enum is the same set; maxLength is ours only, so not compared
		{"io.k8s.x.A", "b", "extensions"}, // list-type
		{"io.k8s.x.A", "b", "extensions"}, // list-map-keys
		{"io.k8s.x.A", "c{}", "type"},
		{"io.k8s.x.A", "d", "validations"}, // not strip-zero, which is ours
		{"io.k8s.x.A", "e", "extensions"},  // patch-merge-key; the same patch-strategy is no difference
		{"io.k8s.x.A", "", "dependencies"},
		{"io.k8s.x.OnlyOurs", "", "definition"},
		{"io.k8s.x.OnlyTheirs", "", "definition"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("differences:\n got %v\nwant %v", got, want)
		for _, d := range diffs {
			t.Log(d)
		}
	}
	if st.Schemas != 10 { // A, a, b, b[], c, c{}, d, e, e[] and B (k8s.io/x.B normalized)
		t.Errorf("compared %d schemas, want 10", st.Schemas)
	}
	if st.Extensions != 5 { // unions; b's list type and keys; e's patch strategy and merge key
		t.Errorf("compared %d extensions, want 5", st.Extensions)
	}
	if st.Definitions != 4 || st.Identical != 1 { // B only
		t.Errorf("%d of %d definitions identical, want 1 of 4", st.Identical, st.Definitions)
	}
}

func TestAllowedMatches(t *testing.T) {
	d := Difference{Definition: "io.k8s.api.core.v1.Pod", Path: "spec.containers[].name", Aspect: "format",
		Ours: `"k8s-short-name"`, Theirs: "(none)"}
	for _, c := range []struct {
		a    Allowed
		want bool
	}{
		{Allowed{Definition: "io.k8s.api.core.v1.Pod", Property: "spec.containers[].name", Aspect: "format"}, true},
		{Allowed{Definition: "io.k8s.api.core.v1.Pod", Aspect: "format"}, false},
		{Allowed{Definition: "io.k8s.api.core.v1.Pod", Property: "spec.containers[].name", Aspect: "type"}, false},
		{Allowed{Definition: "io.k8s.api.*", Property: "*", Aspect: "format"}, true},
		{Allowed{Definition: "*", Property: "spec.*[].name", Aspect: "format"}, true},
		{Allowed{Definition: "*", Property: "*", Aspect: "format", Ours: `"k8s-*"`, Theirs: "(none)"}, true},
		{Allowed{Definition: "*", Property: "*", Aspect: "format", Ours: `"k8s-long-*"`}, false},
		{Allowed{Definition: "io.k8s.api.apps.*", Property: "*", Aspect: "format"}, false},
	} {
		if got := c.a.Matches(d); got != c.want {
			t.Errorf("%+v matches %v: got %v, want %v", c.a, d, got, c.want)
		}
	}
}

func TestDifferencesFileIsWellFormed(t *testing.T) {
	if _, err := LoadAllowed("../../test/k8sapi/differences.yaml"); err != nil {
		t.Fatal(err)
	}
}

// TestAllOfAndExact: allOf (kube-openapi's nested markers) is compared whichever side has it (as
// part of the type), and Exact finds any difference but validation-gen's own
// x-kubernetes-strip-zero, an extra keyword included.
func TestAllOfAndExact(t *testing.T) {
	decode := func(s string) map[string]any {
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	theirs := decode(`{"k8s.io/x.A": {"Schema": {"type": "object", "properties": {
	  "a": {"type": "array", "items": {"type": "string"}, "allOf": [{"items": {"maxLength": 3}}]}}}}}`)
	same := decode(`{"io.k8s.x.A": {"Schema": {"type": "object", "properties": {
	  "a": {"type": "array", "items": {"type": "string"}, "allOf": [{"items": {"maxLength": 3}}], "x-kubernetes-strip-zero": true}}}}}`)
	merged := decode(`{"io.k8s.x.A": {"Schema": {"type": "object", "properties": {
	  "a": {"type": "array", "items": {"type": "string", "maxLength": 3}, "minItems": 1}}}}}`)
	if d, _ := Compare(same, theirs); len(d) != 0 || len(Exact(same, theirs)) != 0 {
		t.Errorf("equal definitions differ: %v %v", d, Exact(same, theirs))
	}
	d, _ := Compare(merged, theirs)
	if len(d) != 1 || d[0].Aspect != "type" || d[0].Path != "a" {
		t.Errorf("allOf: got %v, want one type difference at a", d)
	}
	if got := Exact(merged, theirs); !reflect.DeepEqual(got, []string{"io.k8s.x.A"}) {
		t.Errorf("Exact: got %v", got)
	}
}
