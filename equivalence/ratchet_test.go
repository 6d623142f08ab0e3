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

// TestRatchetReason checks the known ratcheting difference, a CEL evaluation error in an
// unchanged value, against the API server's own correlation, which a list-map item without its
// key breaks for it and every value holding it.
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
	corr := func(n, o map[string]any) *common.CorrelatedObject {
		return common.NewCorrelatedObject(n, o, &model.Structural{Structural: sc})
	}
	for _, c := range []struct {
		name     string
		new, old map[string]any
		path     string
		detail   string
		want     string
	}{
		{"an error in the keyless item of an unchanged object", obj(0), obj(0), "spec.listeners[1].port", "must be greater than 0", ""},
		{"an evaluation error in the keyless item", obj(0), obj(0), "spec.listeners[1]", "no such key: x evaluating rule: r", ""},
		{"an evaluation error at the list holding it", obj(0), obj(0), "spec.listeners", "no such key: x evaluating rule: r", ""},
		{"an error in a correlated item", obj(0), obj(0), "spec.listeners[0].port", "bad", ""},
		{"an evaluation error in a correlated unchanged item", obj(0), obj(0), "spec.listeners[0]", "no such key: x evaluating rule: r", KnownCELEvalUnchanged},
		{"a changed object", obj(0), obj(7), "spec.listeners[1].port", "must be greater than 0", ""},
		{"a missing value", obj(0), obj(0), "spec.listeners[0].host", "Required", ""},
	} {
		if got := ratchetReason(corr(c.new, c.old), parsePath(c.path), c.detail); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }
