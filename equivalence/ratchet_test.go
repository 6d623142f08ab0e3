package equivalence

import (
	"reflect"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apiserver/pkg/cel/common"
)

func TestParsePath(t *testing.T) {
	for in, want := range map[string][]string{
		"spec.rules[0].matches[12].path": {"spec", "rules", "0", "matches", "12", "path"},
		"spec.labels[a.b/c].x":           {"spec", "labels", "a.b/c", "x"},
		"spec":                           {"spec"},
	} {
		if got := parsePath(in); !reflect.DeepEqual(got, want) {
			t.Errorf("parsePath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRatchetReason checks the known ratcheting differences against the API server's own
// correlation (which a list-map item without its key breaks for it and every value holding it):
// a CEL evaluation error in an unchanged value, and an error of an unchanged object whose
// metadata the server cannot correlate.
func TestRatchetReason(t *testing.T) {
	item := structuralschema.Structural{
		Generic:    structuralschema.Generic{Type: "object"},
		Properties: map[string]structuralschema.Structural{"name": {Generic: structuralschema.Generic{Type: "string"}}, "port": {Generic: structuralschema.Generic{Type: "integer"}}},
	}
	sc := &structuralschema.Structural{
		Generic: structuralschema.Generic{Type: "object"},
		Properties: map[string]structuralschema.Structural{"spec": {
			Generic: structuralschema.Generic{Type: "object"},
			Properties: map[string]structuralschema.Structural{"listeners": {
				Generic:    structuralschema.Generic{Type: "array"},
				Extensions: structuralschema.Extensions{XListType: ptr("map"), XListMapKeys: []string{"name"}},
				Items:      &item,
			}},
		}},
	}
	obj := func(port int64) map[string]any {
		return map[string]any{"spec": map[string]any{"listeners": []any{
			map[string]any{"name": "a", "port": int64(1)},
			map[string]any{"port": port}, // no key
		}}}
	}
	corr := func(n, o map[string]any) (*common.CorrelatedObject, *common.CorrelatedObject) {
		return common.NewCorrelatedObject(n, o, &model.Structural{Structural: sc}),
			common.NewCorrelatedObject(withoutMetadata(n), withoutMetadata(o), &model.Structural{Structural: sc})
	}
	withMeta := func(o map[string]any) map[string]any {
		o["metadata"] = map[string]any{"name": "x"}
		return o
	}
	valid := func() map[string]any {
		return map[string]any{"spec": map[string]any{"listeners": []any{map[string]any{"name": "a", "port": int64(1)}}}}
	}
	for _, c := range []struct {
		name     string
		new, old map[string]any
		path     string
		detail   string
		want     string
	}{
		{"an error in the keyless item of an unchanged object", obj(0), obj(0), "spec.listeners[1].port", "must be greater than 0", ""},
		{"an evaluation error in the keyless item", obj(0), obj(0), "spec.listeners[1]", "no such key: x evaluating rule: r", KnownCELEvalUnchanged},
		{"an evaluation error at the list holding it", obj(0), obj(0), "spec.listeners", "no such key: x evaluating rule: r", KnownCELEvalUnchanged},
		{"an evaluation error at a changed value", obj(0), obj(7), "spec.listeners", "no such key: x evaluating rule: r", ""},
		{"an error in a correlated item", obj(0), obj(0), "spec.listeners[0].port", "bad", ""},
		{"an evaluation error in a correlated unchanged item", obj(0), obj(0), "spec.listeners[0]", "no such key: x evaluating rule: r", KnownCELEvalUnchanged},
		{"a changed object", obj(0), obj(7), "spec.listeners[1].port", "must be greater than 0", ""},
		{"a missing value", obj(0), obj(0), "spec.listeners[0].host", "Required", ""},
		{"an error of an unchanged object with metadata", withMeta(valid()), withMeta(valid()), "spec", "Required", KnownMetadataUnchanged},
		{"an error of an unchanged object without metadata", valid(), valid(), "spec", "Required", ""},
		{"an error of a changed object with metadata", withMeta(valid()), withMeta(obj(3)), "spec", "Required", ""},
	} {
		full, bare := corr(c.new, c.old)
		if got := ratchetReason(full, bare, parsePath(c.path), c.detail); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }
